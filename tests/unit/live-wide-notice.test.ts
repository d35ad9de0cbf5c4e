/**
 * Notices with data (server/live/subscription.ts): the data rides only within the bus's payload
 * limit, a topic's subscribers get the plain notice, the process-wide sinks the data.
 */
import { expect, it } from "vitest";
import { Fanout, payloadOf, type LiveNotice, type WideNotice } from "@/server/live/subscription";
import { NOTIFY_MAX_BYTES } from "@/server/live/notify-bus";

it("a notice carries its data only when the whole payload fits the limit, counted in UTF-8 bytes", () => {
  const plain = payloadOf("match:x", 7);
  expect(JSON.parse(plain)).toEqual({ topic: "match:x", version: 7 });
  const room = NOTIFY_MAX_BYTES - JSON.stringify({ topic: "match:x", version: 7, data: "" }).length;
  expect(payloadOf("match:x", 7, "a".repeat(room), NOTIFY_MAX_BYTES)).not.toBe(plain);
  expect(payloadOf("match:x", 7, "a".repeat(room + 1), NOTIFY_MAX_BYTES)).toBe(plain);
  // "é" is two bytes: half as many characters fill the same limit
  expect(payloadOf("match:x", 7, "é".repeat(Math.floor(room / 2)), NOTIFY_MAX_BYTES)).not.toBe(plain);
  expect(payloadOf("match:x", 7, "é".repeat(Math.floor(room / 2) + 1), NOTIFY_MAX_BYTES)).toBe(plain);
});

it("topic sinks get the plain notice, wide sinks the data; a broker's companion feeds the wide sinks only", () => {
  const fanout = new Fanout();
  const topic: LiveNotice[] = [];
  const wide: WideNotice[] = [];
  fanout.join("match:x", (n) => topic.push(n));
  fanout.joinWide((n) => wide.push(n));
  fanout.joinWide(() => {
    throw new Error("a failing listener stops nobody");
  });
  fanout.emitPayload(payloadOf("match:x", 3, { events: [1] }));
  fanout.emitPayload(payloadOf("match:x", 4));
  fanout.emitPayload(payloadOf("match:x", 5, { events: [2] }), false);
  fanout.emitPayload("not json");
  expect(topic).toEqual([{ topic: "match:x", version: 3 }, { topic: "match:x", version: 4 }]);
  expect(wide).toEqual([{ topic: "match:x", version: 3, data: { events: [1] } }, { topic: "match:x", version: 5, data: { events: [2] } }]);
});
