// What a fake save dialog "saved": the request's content as bytes, whole or gathered from its stream.
import { type SaveFileRequest, writeContent } from '../../electron/main/services/vouchers'

export async function savedBytes(req: SaveFileRequest): Promise<Uint8Array> {
  const parts: Buffer[] = []
  await writeContent(req, async (chunk) => void parts.push(Buffer.from(chunk)))
  return new Uint8Array(Buffer.concat(parts))
}
