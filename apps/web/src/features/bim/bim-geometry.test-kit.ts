import { BimGeometryWriter } from "@planum/contracts";

/** A geometry file as the server writes it, of the given parts, in one buffer (the writer answers chunks). */
export function geometryFileOf(parts: Parameters<BimGeometryWriter["add"]>[0][]): Uint8Array {
  const writer = new BimGeometryWriter();
  for (const part of parts) writer.add(part);
  const chunks = writer.finish();
  const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
