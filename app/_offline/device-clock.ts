/**
 * The station's clock on the device (docs/offline.md, the clock rule): the server's time as of the
 * last view read, carried forward by the device's monotonic clock (`performance.now()`, which a
 * person changing the device's date and time does not move). A reload loses the monotonic origin:
 * the anchor is then carried over by the wall clock (kept in localStorage), never behind the
 * last view. Every figure it gives is a *reported* one: the server times moves itself and uses a
 * device's time only within the tap rule (docs/security.md).
 */
const KEY = "equalis-device-clock";

type Anchor = { server: number; perf: number };
let anchor: Anchor | null = null;

function stored(): { server: number; wall: number } | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "null") as { server?: unknown; wall?: unknown } | null;
    return v && typeof v.server === "number" && typeof v.wall === "number" ? { server: v.server, wall: v.wall } : null;
  } catch {
    return null;
  }
}

/** A view read from the server (or its cached copy) said the server's time was `serverNow` when
 * it arrived `ageMs` ago: the anchor moves forward only (a cached copy is older). */
export function anchorDeviceClock(serverNow: number, ageMs = 0): void {
  const perf = performance.now() - Math.max(0, ageMs);
  const carried = anchor ? anchor.server + (perf - anchor.perf) : null;
  if (anchor === null) {
    const s = stored();
    const fromWall = s ? s.server + Math.max(0, Date.now() - Math.max(0, ageMs) - s.wall) : null;
    anchor = { server: Math.max(serverNow, fromWall ?? serverNow), perf };
  } else if (carried !== null && serverNow > carried) {
    anchor = { server: serverNow, perf };
  }
  try {
    localStorage.setItem(KEY, JSON.stringify({ server: anchor.server, wall: Date.now() - (performance.now() - anchor.perf) }));
  } catch {
    // storage full or blocked: the anchor lives for this page only
  }
}

/** The device's estimate of the server's time now (ms). */
export function deviceNow(): number {
  if (!anchor) return Date.now();
  return Math.round(anchor.server + (performance.now() - anchor.perf));
}
