import { useEffect, useRef, useState, type RefObject } from 'react';
import { cameraProblem, scannedValue, type ScanKind } from '../../domain/scan';
import { useScanDevices } from './camera';
import type { FrameReader } from './frameReader';

/** Between two frames read: about 7 reads a second, light enough for a tablet's CPU while aiming. */
const FRAME_GAP_MS = 150;

/** getUserMedia's failure is a DOMException, which is not an Error in every engine: read its fields as they are. */
function errorField(err: unknown, field: 'name' | 'message'): string {
  const value: unknown = typeof err === 'object' && err !== null && field in err ? Reflect.get(err, field) : undefined;
  return typeof value === 'string' ? value : String(err);
}

/**
 * The scan dialog's camera and reading: starts the camera into `video`, reads a frame every FRAME_GAP_MS until one
 * holds a barcode the field takes (the domain's scannedValue), then stops the camera and hands the value to `onRead`.
 * `problem`: the camera could not start (what to do, by cameraProblem); `refused`: the last read was not for this
 * field (scanning goes on). The camera is stopped once, whichever comes first: a read or the dialog closing.
 */
export function useScanLoop(kind: ScanKind, video: RefObject<HTMLVideoElement | null>, onRead: (v: string) => void) {
  const devices = useScanDevices();
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const latest = useRef(onRead);
  latest.current = onRead;

  useEffect(() => {
    let live = true;
    let stopCamera: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopCamera?.();
      stopCamera = undefined;
    };
    const next = async (el: HTMLVideoElement, reader: FrameReader) => {
      const raw = await reader.read(el).catch(() => null);
      if (!live) return;
      const read = raw === null ? null : scannedValue(kind, raw);
      if (read?.ok) {
        live = false;
        stop();
        latest.current(read.value);
        return;
      }
      if (read) setRefused(read.message);
      timer = setTimeout(() => void next(el, reader), FRAME_GAP_MS);
    };
    const run = async (el: HTMLVideoElement) => {
      try {
        stopCamera = await devices.startCamera(el);
        if (!live) return stop();
        const reader = await devices.createReader(kind);
        if (live) void next(el, reader);
      } catch (err) {
        stop();
        if (live) setProblem(cameraProblem(errorField(err, 'name'), errorField(err, 'message')));
      }
    };
    if (video.current) void run(video.current);
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [devices, kind, video]);

  return { problem, refused };
}
