/**
 * A camera for the check-in desk's tests: the QR code in an entry page's screenshot is decoded
 * here (jsqr, to know what the desk should read), and the screenshot becomes a Y4M video (raw I420
 * frames) that a second Chromium plays as its camera (`--use-fake-device-for-media-stream
 * --use-file-for-fake-video-capture=<file>`), so the desk page decodes real camera frames.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import jsQR from "jsqr";
import sharp from "sharp";

const W = 640;
const H = 480;

/** The QR text in a PNG screenshot (what the desk must read from it). */
export async function decodePng(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const r = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  if (!r) throw new Error("no QR code in the screenshot");
  return r.data;
}

/** A one-frame Y4M video (I420, BT.601) of the PNG centred on white, for Chromium's fake camera. */
export async function y4mOf(png: Buffer, file: string) {
  const fitted = await sharp(png).resize({ width: W, height: H, fit: "inside" }).toBuffer();
  const { data } = await sharp({ create: { width: W, height: H, channels: 3, background: "#ffffff" } })
    .composite([{ input: fitted, gravity: "center" }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let j = 0; j < H; j++)
    for (let i = 0; i < W; i++) {
      const k = (j * W + i) * 3;
      y[j * W + i] = clamp(0.299 * data[k]! + 0.587 * data[k + 1]! + 0.114 * data[k + 2]!);
    }
  for (let j = 0; j < H / 2; j++)
    for (let i = 0; i < W / 2; i++) {
      const k = (2 * j * W + 2 * i) * 3;
      const [r, g, b] = [data[k]!, data[k + 1]!, data[k + 2]!];
      u[j * (W / 2) + i] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[j * (W / 2) + i] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, u, v]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F5:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

/** A Chromium whose camera shows `video`, signed in as the director (their session cookies). */
export async function cameraBrowser(video: string, state: Awaited<ReturnType<BrowserContext["storageState"]>>, baseURL: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  const ctx = await browser.newContext({ baseURL, storageState: state, viewport: { width: 390, height: 844 } });
  await ctx.grantPermissions(["camera"], { origin: baseURL });
  return { browser, page: await ctx.newPage() };
}

