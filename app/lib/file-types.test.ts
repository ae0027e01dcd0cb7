import { describe, expect, it } from "vitest";

import { downloadName, keyExtension, storedFileType } from "./file-types";

describe("stored file types", () => {
  it("come from the key's extension; an unknown one is bytes to save, never a page to render", () => {
    expect(storedFileType("recordings/a/b-original.m4a")).toBe("audio/mp4");
    expect(storedFileType("photos/a/b.png")).toBe("image/png");
    expect(storedFileType("recordings/a/b-original.audio")).toBe("application/octet-stream");
    expect(storedFileType("uploads/x.html")).toBe("application/octet-stream");
    expect(keyExtension("no-extension")).toBe("");
  });

  it("download names keep the sender's name and take the detected extension", () => {
    expect(downloadName("voice.html", "m4a")).toBe("voice.m4a");
    expect(downloadName("IMG_0042.HEIC", "jpg", "photo")).toBe("IMG_0042.jpg");
    expect(downloadName("C:\\Users\\nan\\memo.mp3", "mp3")).toBe("memo.mp3");
    expect(downloadName("../../etc/passwd", "ogg")).toBe("passwd.ogg");
    expect(downloadName("bad\r\nname\u0000.wav", "wav")).toBe("badname.wav");
    expect(downloadName("", "webm", "recording")).toBe("recording.webm");
    expect(downloadName(null, "mp3", "recording")).toBe("recording.mp3");
    expect(downloadName(".html", "m4a", "recording")).toBe("recording.m4a");
  });
});
