/**
 * The host's own questions (open the files a preset names; locate a moved one) in the panel's
 * language: Japanese when it is Japanese, English otherwise, read at each question so a
 * language switch applies to the next one. Electron's dialog is replaced by a recorder.
 */

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmPresetFilesWords, locatePresetFileWords } from '../../electron/main/dialog-words';
import type { MenuLanguage } from '../../electron/main/menu-labels';

const messageBoxes: { title?: string; message: string; detail?: string; buttons?: string[] }[] = [];
const openDialogs: { title?: string; filters?: { extensions: string[] }[] }[] = [];
let answer = 0;
vi.mock('electron', () => ({
  dialog: {
    showMessageBox: (options: (typeof messageBoxes)[number]) => {
      messageBoxes.push(options);
      return Promise.resolve({ response: answer });
    },
    showOpenDialog: (options: (typeof openDialogs)[number]) => {
      openDialogs.push(options);
      return Promise.resolve({ canceled: false, filePaths: ['/new/alicia.vrm'] });
    },
    showSaveDialog: () => Promise.resolve({ canceled: true, filePath: '' }),
  },
}));

beforeEach(() => {
  messageBoxes.length = 0;
  openDialogs.length = 0;
  answer = 0;
});

describe('the words of the preset questions', () => {
  it('asks in Japanese, naming the preset and each file', () => {
    const words = confirmPresetFilesWords('ja', '階段', ['/a/one.vrm', '/b/two.vmd']);
    expect(words).toEqual({
      title: 'プリセットが開くファイル',
      message: '「階段」は、Ragdoll Playground でまだ開いていないファイルを開こうとしています:',
      detail:
        '/a/one.vrm\n/b/two.vmd\n\nこのプリセットの出どころが分かっている場合だけ開いてください。',
      buttons: ['これらのファイルを開く', '開かない'],
    });
    const locate = locatePresetFileWords('ja', '階段', 'motion', '/old/dance.vmd');
    expect(locate.message).toBe(
      '「階段」が使うモーション dance.vmd が、保存したときの場所にありません:',
    );
    expect(locate.detail.startsWith('/old/dance.vmd\n\n')).toBe(true);
    expect(locate.buttons).toEqual(['場所を指定…', '使わない']);
    expect(locate.openTitle).toBe('dance.vmd の場所を指定');
    expect(locatePresetFileWords('ja', '階段', 'music', '/old/song.wav').message).toContain(
      '使う曲 song.wav',
    );
  });

  it('asks in English otherwise', () => {
    expect(confirmPresetFilesWords('en', 'Stairs', ['/a/one.vrm']).buttons).toEqual([
      'Open These Files',
      'Leave Them Out',
    ]);
    const locate = locatePresetFileWords('en', 'Stairs', 'model', '/old/alicia.vrm');
    expect(locate.message).toBe(
      'The model alicia.vrm that “Stairs” uses is no longer where it was:',
    );
    expect(locate.buttons).toEqual(['Locate…', 'Leave It Out']);
    expect(locate.openTitle).toBe('Locate alicia.vrm');
  });
});

describe('the native dialogs', () => {
  async function nativeDialogs(language: () => MenuLanguage) {
    const { createNativeDialogs } = await import('../../electron/main/native-dialogs');
    return createNativeDialogs(() => undefined, language);
  }

  it('use the language the panel shows at each question', async () => {
    let language: MenuLanguage = 'ja';
    const dialogs = await nativeDialogs(() => language);
    expect(await dialogs.confirmPresetFiles('階段', ['/a/one.vrm'])).toBe(true);
    language = 'en';
    answer = 1;
    expect(await dialogs.confirmPresetFiles('Stairs', ['/a/one.vrm'])).toBe(false);
    expect(messageBoxes.map((box) => box.buttons)).toEqual([
      ['これらのファイルを開く', '開かない'],
      ['Open These Files', 'Leave Them Out'],
    ]);
  });

  it('Locate… asks first, then opens a file dialog for that kind of file', async () => {
    const dialogs = await nativeDialogs(() => 'ja');
    expect(await dialogs.locatePresetFile('階段', 'model', '/old/alicia.vrm')).toBe(
      '/new/alicia.vrm',
    );
    expect(messageBoxes[0]?.title).toBe('移動したファイルの場所を指定');
    expect(openDialogs).toHaveLength(1);
    expect(openDialogs[0]?.title).toBe('alicia.vrm の場所を指定');
    expect(openDialogs[0]?.filters?.[0]?.extensions).toEqual(['vrm', 'pmx', 'pmd']);
    // Leaving it out opens no file dialog.
    answer = 1;
    expect(await dialogs.locatePresetFile('階段', 'motion', '/old/dance.vmd')).toBeNull();
    expect(openDialogs).toHaveLength(1);
  });
});
