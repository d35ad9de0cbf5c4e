"use client";
/**
 * The desk's camera: reads QR codes from the phone's or laptop's camera and hands each new one to
 * `onCode`. The browser's own `BarcodeDetector` is used where it reads QR codes (Chrome on
 * Android and macOS, Safari 17+); elsewhere `jsqr` (pure JavaScript, nothing fetched at run time)
 * decodes frames drawn on a canvas, about four a second. The same code seen again within a few
 * seconds is ignored, so holding a phone up checks in once; a replay after that is answered
 * "already checked in" by the server anyway.
 */
import { useEffect, useRef, useState } from "react";

type Detect = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function makeDetector(): Promise<Detect> {
  const BD = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (BD && (await BD.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const d = new BD({ formats: ["qr_code"] });
    return async (video) => (await d.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  return async (video, canvas) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!w || !h) return null;
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, w, h);
    return jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" })?.data ?? null;
  };
}

const SAME_CODE_QUIET_MS = 4000;

export function Scanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [engine, setEngine] = useState<string>("");
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const last = { code: "", at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
      } catch (err) {
        setProblem(err instanceof DOMException && err.name === "NotAllowedError" ? "The camera is blocked: allow it in the browser, or search or type the code below." : "No camera found: search or type the code below.");
        return;
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      const v = video.current!;
      v.srcObject = stream;
      await v.play().catch(() => {});
      const detect = await makeDetector();
      setEngine((globalThis as { BarcodeDetector?: unknown }).BarcodeDetector ? "camera (built-in reader)" : "camera");
      const tick = async () => {
        if (stopped) return;
        const code = await detect(v, canvas.current!).catch(() => null);
        const now = Date.now();
        if (code && (code !== last.code || now - last.at > SAME_CODE_QUIET_MS)) handler.current(code);
        if (code) Object.assign(last, { code, at: now });
        timer = setTimeout(tick, 250);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="space-y-2">
      {problem ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">{problem}</p>
      ) : (
        <div className="relative overflow-hidden rounded-lg bg-black">
          <video ref={video} muted playsInline className="max-h-[40vh] w-full object-cover" data-testid="desk-video" />
          <div className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/70" />
          <p className="absolute bottom-1 left-2 text-xs text-white/80" data-testid="desk-scanner-state">{engine ? `Scanning with the ${engine}…` : "Starting the camera…"}</p>
        </div>
      )}
      <canvas ref={canvas} className="hidden" />
      <button type="button" onClick={onStop} className="text-sm text-slate-600 underline">Stop the camera</button>
    </div>
  );
}
