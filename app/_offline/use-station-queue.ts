"use client";
/**
 * The scorekeeper station's side of the write queue (docs/offline.md): while the device is offline,
 * or while any of this game's writes still wait on the device, every move and clock stop is checked
 * on the device (app/_offline/station.ts), queued with its client id and the version the device
 * predicts, and the station shows the device's game with them folded in, marked "not yet sent".
 * Online with nothing waiting, the station writes straight to the server as before.
 */
import { useEffect, useMemo } from "react";
import { anchorDeviceClock, deviceNow } from "./device-clock";
import { deviceGame, deviceView, foldLog, stationScope, stationWrite, type MatchView, type StationWriteInput } from "./station";
import { useSync } from "./sync";

type Events = readonly { seq: number; event: Record<string, unknown> }[] | null | undefined;

export function useStationQueue(matchId: string, view: MatchView | undefined, events: Events, receivedAt: number) {
  const sync = useSync();
  const writes = useMemo(() => sync.writes.filter((w) => w.scope === stationScope(matchId)), [sync.writes, matchId]);
  const base = useMemo(() => (events ? foldLog(events) : null), [events]);
  const dev = useMemo(() => deviceGame(base, writes), [base, writes]);
  const serverNow = view?.serverNow;
  useEffect(() => {
    if (serverNow !== undefined) anchorDeviceClock(serverNow, Date.now() - receivedAt);
  }, [serverNow, receivedAt]);

  /** queue rather than send: offline, or this game's earlier writes still wait (the order holds) */
  const queued = events !== null && events !== undefined && (!sync.online || writes.length > 0);
  const shown = view && dev.folded && dev.applied.length > 0 ? deviceView(view, dev.folded, deviceNow()) : view;

  /** Queue one write, checked on the device first: the engine's sentence when it refuses it. */
  async function enqueue(input: StationWriteInput, clientId: string = crypto.randomUUID()): Promise<string | null> {
    if (!dev.folded || !view) return "This game's moves are not on this device: open the station once while online.";
    const r = stationWrite(dev.folded, input, view.players.map((p) => p.name), clientId);
    if (!r.ok) return r.message;
    await sync.enqueue(r.write);
    return null;
  }

  return { writes, queued, view: shown, device: dev, enqueue, online: sync.online };
}
