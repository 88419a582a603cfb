import { createContext, useContext } from 'react';
import type { ScanKind } from '../../domain/scan';
import type { FrameReader } from './frameReader';
import { createReader } from './readers';

/** Stops the camera (every track) and detaches it from the video. */
export type StopCamera = () => void;

/** An error whose name says what went wrong (the domain's cameraProblem words it). */
class CameraError extends Error {
  constructor(name: string, message = name) {
    super(message);
    this.name = name;
  }
}

/**
 * The back camera into a video element. Without navigator.mediaDevices the page is not a secure context (http on
 * another machine): that is said as such, since allowing the camera would not help.
 */
export async function startCamera(video: HTMLVideoElement): Promise<StopCamera> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media?.getUserMedia) throw new CameraError(globalThis.isSecureContext === false ? 'insecure' : 'none');
  const stream = await media.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.muted = true;
    await video.play();
  } catch (err) {
    stop();
    throw err;
  }
  return stop;
}

/** What the scan dialog uses: the camera and a frame reader. Tests give their own (ScanContext.Provider). */
export interface ScanDevices {
  startCamera(video: HTMLVideoElement): Promise<StopCamera>;
  createReader(kind: ScanKind): Promise<FrameReader>;
}

export const ScanContext = createContext<ScanDevices>({ startCamera, createReader });

export const useScanDevices = () => useContext(ScanContext);
