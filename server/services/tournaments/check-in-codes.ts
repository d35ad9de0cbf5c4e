/**
 * Check-in codes: what a player's entry page shows as a QR code and the desk scans.
 *
 * A code is `EQ1.` + base64url of 16 bytes tournament id, 16 bytes user id, 4 bytes nonce
 * (big-endian) and the first 16 bytes of HMAC-SHA256 over those 36 bytes, keyed with the app's
 * secret (server/auth-secret.ts) under a label of its own, so a code cannot be reused as anything
 * else. 74 characters: a version-5 QR code at error correction M (37 × 37 modules), easy to scan from a phone screen.
 * Truncating the MAC to 128 bits follows RFC 2104 section 5 (at least half the hash length).
 *
 * Nothing secret is inside (the two ids are public on the event's page); what cannot be done
 * without the secret is make one. Revoking is bumping the entry's `check_in_nonce`: every code
 * issued before stops matching. Parsing is pure (no database); the desk service
 * (desk.ts) compares the parsed code with the event and the entry and says what is wrong.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/server/auth-secret";

export const CODE_PREFIX = "EQ1.";

const MAC_BYTES = 16;
const BODY_BYTES = 16 + 16 + 4;

export interface CheckInClaim {
  tournamentId: string;
  userId: string;
  nonce: number;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
const uuidOf = (b: Buffer) => {
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const mac = (body: Buffer) => createHmac("sha256", `equalis check-in code v1\0${getAuthSecret()}`).update(body).digest().subarray(0, MAC_BYTES);

/** The code for one entry at its current nonce. */
export function signCheckInCode({ tournamentId, userId, nonce }: CheckInClaim): string {
  const n = Buffer.alloc(4);
  n.writeUInt32BE(nonce >>> 0);
  const body = Buffer.concat([uuidBytes(tournamentId), uuidBytes(userId), n]);
  return CODE_PREFIX + Buffer.concat([body, mac(body)]).toString("base64url");
}

export type ParsedCode = { ok: true; claim: CheckInClaim } | { ok: false; reason: "malformed" | "forged" };

/** Reads a code: `malformed` when it is not one of ours at all, `forged` when its signature does not match. */
export function parseCheckInCode(text: string): ParsedCode {
  const s = text.trim();
  if (!s.startsWith(CODE_PREFIX) || !/^[A-Za-z0-9_-]+$/.test(s.slice(CODE_PREFIX.length))) return { ok: false, reason: "malformed" };
  const raw = Buffer.from(s.slice(CODE_PREFIX.length), "base64url");
  if (raw.length !== BODY_BYTES + MAC_BYTES) return { ok: false, reason: "malformed" };
  const body = raw.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(mac(body), raw.subarray(BODY_BYTES))) return { ok: false, reason: "forged" };
  return { ok: true, claim: { tournamentId: uuidOf(body.subarray(0, 16)), userId: uuidOf(body.subarray(16, 32)), nonce: body.readUInt32BE(32) } };
}
