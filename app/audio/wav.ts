export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    data.writeInt16LE(Math.round(s * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export function decodeWav(buf: Buffer): { sampleRate: number; channels: Float32Array[] } {
  if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE")
    throw new Error("Not a WAV file");
  let offset = 12;
  let format = 0;
  let channelCount = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString("ascii", offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      format = buf.readUInt16LE(body);
      channelCount = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID.
      if (format === 0xfffe) format = buf.readUInt16LE(body + 24);
    } else if (id === "data") {
      const bytesPerSample = bits / 8;
      const length = Math.min(size, buf.length - body);
      const frames = Math.floor(length / (bytesPerSample * channelCount));
      const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
      for (let f = 0; f < frames; f++) {
        for (let c = 0; c < channelCount; c++) {
          const at = body + (f * channelCount + c) * bytesPerSample;
          channels[c]![f] = format === 3 ? buf.readFloatLE(at) : buf.readInt16LE(at) / 32768;
        }
      }
      if (!(format === 3 && bits === 32) && !(format === 1 && bits === 16))
        throw new Error(`Unsupported WAV format ${format}/${bits}`);
      return { sampleRate, channels };
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAV file has no data");
}

/** Our mixer lays its own pauses, so keep only a breath of an engine's own (espeak-ng, flite). */
export function trimSilence(samples: Float32Array, sampleRate: number, threshold = 0.002): Float32Array {
  const margin = Math.round(sampleRate * 0.02);
  let start = 0;
  while (start < samples.length && Math.abs(samples[start]!) <= threshold) start++;
  if (start === samples.length) return new Float32Array(0);
  let end = samples.length - 1;
  while (end > start && Math.abs(samples[end]!) <= threshold) end--;
  return samples.slice(Math.max(0, start - margin), Math.min(samples.length, end + 1 + margin));
}
