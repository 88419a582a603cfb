/** Reads one frame of the camera's video: the code's text, or null when no barcode of the field's formats is seen. */
export interface FrameReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}
