/**
 * Music files through the host, on real temp folders: each format recognized from its bytes
 * (WAV, MP3, Ogg Opus, FLAC, M4A, AAC) whatever its name, and refused with a message naming
 * the file when it is text named `.wav`, a truncated MP3 (inside its ID3 tag or its first
 * frame), a WAV cut short, another RIFF file, empty, a folder, too large or missing.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIO_MAX_BYTES, readAudioFile } from '../../electron/main/host/audio-file';
import { mpegFrameLength } from '../../electron/main/host/audio-format';
import { sha256Of } from '../../electron/main/host/file-hash';
import { isAudioFileName } from '../../shared/audio-files';
import {
  adtsBytes,
  flacBytes,
  m4aBytes,
  mp3Bytes,
  oggOpusBytes,
  wavBytes,
} from '../../tools/fixtures/audio/audio-fixtures';
import { createMusicService } from '../../electron/main/host/music-service';
import { mintDropGrant, newDropKey } from '../../electron/main/host/drop-grants';
import {
  presetContent,
  problemOf,
  scriptedDialogs,
  vmdBytes,
  vrmaBytes,
} from '../support/host-files';
import { presetContentSchema } from '../../shared/preset-schema';
import { useHostTestbed } from '../support/host-testbed';
import { createRecordingLogger } from '../support/recording-logger';

const bed = useHostTestbed('audio');

describe('reading music', () => {
  it('recognizes each format from its bytes, not its name, with size, hash and title', async () => {
    const cases = [
      ['song.wav', wavBytes(0.5), 'wav'],
      ['song.mp3', mp3Bytes(), 'mp3'],
      ['song.opus', oggOpusBytes(), 'ogg'],
      ['song.flac', flacBytes(), 'flac'],
      ['song.m4a', m4aBytes(), 'mp4'],
      ['song.aac', adtsBytes(), 'aac'],
      // Misnamed: the bytes decide.
      ['really-a-wave.mp3', wavBytes(0.1), 'wav'],
    ] as const;
    for (const [name, bytes, format] of cases) {
      const path = await bed.put(name, bytes);
      const read = await readAudioFile(path);
      expect(read.format, name).toBe(format);
      expect(read.size).toBe(bytes.length);
      expect(read.sha256).toBe(sha256Of(bytes));
      expect(read.fileName).toBe(name);
      expect(read.title).toBe(name.slice(0, name.lastIndexOf('.')));
      expect([...read.bytes]).toEqual([...bytes]);
    }
  });

  it('refuses a text file named .wav, naming the file', async () => {
    const path = await bed.put('notes.wav', 'These are my notes, not a song.\n');
    const problem = await problemOf(readAudioFile(path));
    expect(problem.code).toBe('not-audio');
    expect(problem.message).toContain(path);
    expect(problem.message).toMatch(/not audio/);
  });

  it('refuses a truncated MP3, naming the file: cut inside its ID3 tag, or inside its first frame', async () => {
    const whole = mp3Bytes();
    const inTag = await bed.put('cut-tag.mp3', whole.subarray(0, 40));
    const tag = await problemOf(readAudioFile(inTag));
    expect(tag.code).toBe('not-audio');
    expect(tag.message).toContain(inTag);
    expect(tag.message).toContain('cut short');
    expect(tag.message).toContain('ID3');

    expect(mpegFrameLength(whole, 64)).toBe(417);
    const inFrame = await bed.put('cut-frame.mp3', whole.subarray(0, 64 + 200));
    const frame = await problemOf(readAudioFile(inFrame));
    expect(frame.code).toBe('not-audio');
    expect(frame.message).toContain(inFrame);
    expect(frame.message).toContain('cut short');
    expect(frame.message).toContain('first audio frame');
  });

  it('refuses a WAV cut short, a RIFF that is not WAVE, and an ID3 tag with no audio after it', async () => {
    const cut = await bed.put('cut.wav', wavBytes(1).subarray(0, 2000));
    expect((await problemOf(readAudioFile(cut))).message).toMatch(
      /cut\.wav is WAVE audio .*cut short/,
    );
    const avi = wavBytes(0.1);
    avi.set([0x41, 0x56, 0x49, 0x20], 8);
    const aviPath = await bed.put('clip.wav', avi);
    expect((await problemOf(readAudioFile(aviPath))).message).toContain('"AVI", not WAVE');
    const tagOnly = mp3Bytes(1);
    tagOnly.fill(0x41, 64);
    const junk = await bed.put('junk.mp3', tagOnly);
    expect((await problemOf(readAudioFile(junk))).message).toContain('no MPEG audio frame');
  });

  it('refuses empty, folder, too large and missing files, naming each', async () => {
    const empty = await bed.put('empty.ogg', '');
    const emptyProblem = await problemOf(readAudioFile(empty));
    expect(emptyProblem.code).toBe('not-audio');
    expect(emptyProblem.message).toBe(
      `${empty} is empty, not audio (WAV, MP3, Ogg, FLAC, M4A or AAC).`,
    );
    const dir = join(bed.files, 'album.mp3');
    await mkdir(dir);
    expect((await problemOf(readAudioFile(dir))).message).toBe(
      `${dir} is a folder, not a music file.`,
    );
    const big = await bed.put('big.wav', wavBytes(1));
    const large = await problemOf(readAudioFile(big, { maxBytes: 1000 }));
    expect(large.code).toBe('too-large');
    expect(large.message).toContain(big);
    const missing = join(bed.files, 'gone.mp3');
    const gone = await problemOf(readAudioFile(missing));
    expect(gone.code).toBe('missing');
    expect(gone.message).toContain(missing);
    expect(AUDIO_MAX_BYTES).toBe(64 * 1024 * 1024);
  });

  it('knows music file names by extension, any case', () => {
    for (const name of ['a.wav', 'b.MP3', 'c.ogg', 'd.opus', 'e.m4a', 'f.aac', 'g.FLAC'])
      expect(isAudioFileName(name), name).toBe(true);
    for (const name of ['a.vmd', 'b.txt', 'wav', 'c.mp4'])
      expect(isAudioFileName(name), name).toBe(false);
  });
});

describe('Open Music…', () => {
  function service(openMusic: (string | null)[]) {
    return createMusicService({
      dialogs: scriptedDialogs({ openMusic }),
      log: createRecordingLogger(),
    });
  }

  it('reads the chosen song, and again later; nothing else in its folder becomes readable', async () => {
    const song = await bed.put('song.wav', wavBytes(0.2));
    const other = await bed.put('other.wav', wavBytes(0.2));
    const music = service([song]);
    const opened = await music.openMusicDialog();
    expect(opened.fileName).toBe('song.wav');
    expect(opened.format).toBe('wav');
    expect((await music.readMusic(song)).sha256).toBe(opened.sha256);
    const refused = await problemOf(music.readMusic(other));
    expect(refused.code).toBe('not-allowed');
    expect(refused.message).toContain(other);
  });

  it('says when nothing was chosen, and names a chosen file that is not audio (then not readable)', async () => {
    expect((await problemOf(service([null]).openMusicDialog())).code).toBe('canceled');
    const text = await bed.put('readme.mp3', 'just text');
    const music = service([text]);
    const problem = await problemOf(music.openMusicDialog());
    expect(problem.code).toBe('not-audio');
    expect(problem.message).toContain(text);
    expect((await problemOf(music.readMusic(text))).code).toBe('not-allowed');
  });
});

describe('a song dropped on the window', () => {
  it('is read as music through the host services, and may be read again; a text file named .mp3 is refused', async () => {
    const dropKey = newDropKey();
    const host = bed.services({}, { dropKey });
    const song = await bed.put('Dance Song.mp3', mp3Bytes());
    // A path the preload never vouched for is not read, even when it is a song.
    const unvouched = await problemOf(
      host.openDroppedFile(song, mintDropGrant(newDropKey(), song)),
    );
    expect(unvouched.code).toBe('not-allowed');
    expect((await problemOf(host.readMusic(song))).code).toBe('not-allowed');
    const dropped = await host.openDroppedFile(song, mintDropGrant(dropKey, song));
    expect(dropped.kind).toBe('music');
    if (dropped.kind !== 'music') return;
    expect(dropped.music).toMatchObject({ fileName: 'Dance Song.mp3', format: 'mp3' });
    expect((await host.readMusic(song)).sha256).toBe(dropped.music.sha256);
    const fake = await bed.put('fake.mp3', 'not a song');
    const problem = await problemOf(host.openDroppedFile(fake, mintDropGrant(dropKey, fake)));
    expect(problem.code).toBe('not-audio');
    expect(problem.message).toContain(fake);
    // Never read as audio, so never readable afterwards.
    expect((await problemOf(host.readMusic(fake))).code).toBe('not-allowed');
  });
});

describe('songs in the recent library', () => {
  it('lists a song opened, reads it again from the library in the next session, and not once removed', async () => {
    const song = await bed.put('Dance Song.wav', wavBytes(0.2));
    const beside = await bed.put('beside.wav', wavBytes(0.2));
    const first = bed.services({ openMusic: [song] });
    await first.openMusicDialog();
    await first.flush();
    const [entry] = (await first.listLibrary()).entries;
    expect(entry).toMatchObject({
      kind: 'music',
      path: song,
      title: 'Dance Song',
      format: 'wav',
      author: '',
      missing: false,
    });

    // A new session: nothing chosen yet, but the library's song reads; its neighbour does not.
    const next = bed.services();
    expect((await next.readMusic(song)).fileName).toBe('Dance Song.wav');
    const refused = await problemOf(next.readMusic(beside));
    expect(refused.code).toBe('not-allowed');
    expect(refused.message).toContain(beside);
    expect(refused.message).toContain('Open Music…');
    // Removed from the library in a session that never chose it: no longer readable.
    const later = bed.services();
    await later.removeFromLibrary(entry!.id);
    expect((await problemOf(later.readMusic(song))).code).toBe('not-allowed');
  });

  it('relocates a moved song to another song file, and refuses a model in its place', async () => {
    const song = await bed.put('song.wav', wavBytes(0.2));
    const moved = await bed.put('moved.wav', wavBytes(0.3));
    const notSong = await bed.put('not-a-song.wav', 'text');
    const host = bed.services({ openMusic: [song, notSong, moved] });
    await host.openMusicDialog();
    const [entry] = (await host.listLibrary()).entries;
    expect((await problemOf(host.relocateLibraryEntry(entry!.id))).code).toBe('not-audio');
    const located = await host.relocateLibraryEntry(entry!.id);
    expect(located).toMatchObject({ id: entry!.id, kind: 'music', path: moved });
    expect((await host.readMusic(moved)).fileName).toBe('moved.wav');
  });
});

describe("a VMD's song beside it", () => {
  it('names the one music file of the same name in its folder and lets only that be read', async () => {
    const dance = await bed.put('dance.vmd', vmdBytes());
    const song = await bed.put('dance.MP3', mp3Bytes());
    const other = await bed.put('other.wav', wavBytes(0.1));
    await mkdir(join(bed.files, 'lonely.wav'));
    const lonely = await bed.put('lonely.vmd', vmdBytes());
    const wave = await bed.put('wave.vrma', vrmaBytes());
    await bed.put('wave.wav', wavBytes(0.1));
    const host = bed.services({ openMotion: [dance, lonely, wave] });
    // Nothing beside a motion is readable before it is opened.
    expect((await problemOf(host.readMusic(song))).code).toBe('not-allowed');
    const opened = await host.openMotionDialog();
    expect(opened.songBeside).toBe(song);
    expect((await host.readMusic(song)).format).toBe('mp3');
    // Only that one: the rest of the folder stays closed.
    expect((await problemOf(host.readMusic(other))).code).toBe('not-allowed');
    // A folder of that name is not a song; a VRM Animation is not offered one.
    expect((await host.openMotionDialog()).songBeside).toBeUndefined();
    expect((await host.openMotionDialog()).songBeside).toBeUndefined();
    expect((await problemOf(host.readMusic(join(bed.files, 'wave.wav')))).code).toBe('not-allowed');
  });
});

describe('a preset with a song', () => {
  it('remembers the song and its offset; on load the song is checked and readable, a moved one is a note', async () => {
    const song = await bed.put('song.wav', wavBytes(0.5));
    const opened = await createMusicService({
      dialogs: scriptedDialogs({ openMusic: [song] }),
      log: createRecordingLogger(),
    }).openMusicDialog();
    const music = {
      path: song,
      size: opened.size,
      sha256: opened.sha256,
      fileName: opened.fileName,
      format: opened.format,
      offset: -1.25,
    };
    const content = { ...presetContent(), music };
    expect(presetContentSchema.safeParse(content).success).toBe(true);
    expect(
      presetContentSchema.safeParse({ ...content, music: { ...music, offset: 6 } }).success,
    ).toBe(false);
    // Presets saved before music still load.
    expect(presetContentSchema.safeParse(presetContent()).success).toBe(true);

    const host = (confirm: boolean) =>
      bed.services({ openMusic: [song], confirmPresetFiles: [confirm] });
    const { id } = await host(false).savePreset(content);
    // A fresh session where the person does not confirm the song: it is not looked at, and
    // the note says nothing of its size or content.
    const wary = host(false);
    const refused = await wary.loadPreset(id);
    expect(refused.musicNote).toEqual({
      reason: 'not-yours',
      message: `The music song.wav was not played: not opened: not one of your files (${song}).`,
    });
    expect((await problemOf(wary.readMusic(song))).code).toBe('not-allowed');
    // Confirmed for this load: the song is checked and becomes readable.
    const session = host(true);
    expect((await problemOf(session.readMusic(song))).code).toBe('not-allowed');
    const loaded = await session.loadPreset(id);
    expect(loaded.preset.music).toEqual(music);
    expect(loaded.musicNote).toBeUndefined();
    expect((await session.readMusic(song)).sha256).toBe(opened.sha256);

    // Changed, then moved away: the preset still loads, with a note naming the song.
    await writeFile(song, wavBytes(0.6));
    const changed = await host(true).loadPreset(id);
    expect(changed.musicNote?.reason).toBe('changed');
    expect(changed.musicNote?.message).toContain('song.wav');
    await rm(song);
    const moved = await host(true).loadPreset(id);
    expect(moved.musicNote?.reason).toBe('missing');
    expect(moved.musicNote?.message).toBe(
      `The music song.wav was not played: ${song} was not found; it may have been moved or deleted.`,
    );
  });
});
