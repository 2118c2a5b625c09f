/**
 * Messages read as a person wrote them: a reason put into a sentence ends it with exactly one
 * full stop of the sentence's language, whether or not the reason brought its own; a host
 * problem reads in Japanese in the Japanese panel; the Japanese panel names its sliders and
 * toggles in Japanese.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../shared/commands';
import type { HostProblemCode } from '../../shared/host-contract';
import { LANGUAGES, strings } from '../../renderer/src/ui/i18n';
import { reasonSentence, withReason } from '../../renderer/src/ui/files/reason-sentence';

/** Two full stops in a row, in either language or mixed ("..", ".。", "。。", "。."). */
const DOUBLE_STOP = /[.。][.。]/u;
/** An ellipsis is not a double full stop. */
const withoutEllipses = (text: string): string => text.replace(/\.{3}|…/gu, '');

describe('reasonSentence and withReason', () => {
  it('end a reason with one full stop of the language, with or without its own', () => {
    for (const reason of ['it is empty', 'it is empty.', 'it is empty..', 'it is empty. ']) {
      expect(reasonSentence(reason, 'en')).toBe('it is empty.');
      expect(reasonSentence(reason, 'ja')).toBe('it is empty。');
    }
    expect(reasonSentence('空です。', 'ja')).toBe('空です。');
    expect(reasonSentence('空です。', 'en')).toBe('空です.');
    expect(reasonSentence('Try again?', 'en')).toBe('Try again?');
    expect(reasonSentence('', 'en')).toBe('');
  });

  it('join a lead and a reason with a colon, and a lead alone when there is no reason', () => {
    expect(withReason('Could not open the model', 'a.vrm is empty.', 'en')).toBe(
      'Could not open the model: a.vrm is empty.',
    );
    expect(withReason('モデルを開けませんでした', '空のファイルです。', 'ja')).toBe(
      'モデルを開けませんでした: 空のファイルです。',
    );
    expect(withReason('The export failed', '', 'en')).toBe('The export failed.');
  });
});

describe('the messages that carry a reason', () => {
  it('have one full stop where the reason brought its own (English and Japanese)', () => {
    for (const language of LANGUAGES) {
      const text = strings(language);
      const reason = 'model.vrm is not a VRM file.';
      const messages = [
        text.modelFailed(reason),
        text.commandFailed(reason),
        text.motion.failed(reason, 'Stand'),
        text.motion.presetFileNotPlayed('wave.vmd', reason),
        text.exports.failed(reason),
        text.exports.clipUnsupported(reason),
        text.undo.failed(reason),
        text.files.presetFailed(reason),
        text.files.presetInvalid('Mine', reason),
        text.files.recoveryNotSaved(reason),
        text.files.figureBecameBox(1, 'Miku', reason),
        text.files.libraryFailed(reason),
        text.modelWarnings('miku.pmx', ['One bone has no parent.', 'Two bodies overlap.']),
      ];
      for (const message of messages) {
        expect(withoutEllipses(message), `${language}: ${message}`).not.toMatch(DOUBLE_STOP);
        expect(message, `${language}: ${message}`).toMatch(language === 'ja' ? /。$/u : /\.$/u);
      }
    }
  });
});

describe('host problems in the panel language', () => {
  const codes: readonly HostProblemCode[] = [
    'missing',
    'too-large',
    'not-a-model',
    'not-a-motion',
    'not-audio',
    'unreadable',
    'not-allowed',
    'invalid',
    'wrong-format',
    'write-failed',
  ];

  it('keep the host’s words in English and say the kind of problem in Japanese', () => {
    const message = '/home/a/miku.pmx was not found; it may have been moved, renamed or deleted.';
    for (const code of codes) {
      const en = strings('en').problem({ code, message });
      const ja = strings('ja').problem({ code, message });
      expect(en).toBe(message.slice(0, -1));
      // Japanese first, then the host's words (naming the file) in brackets.
      expect(ja, code).toMatch(/^[^（]*[ぁ-んァ-ヶ一-龠]/u);
      expect(ja, code).toContain('/home/a/miku.pmx');
      const alert = strings('ja').modelFailed(ja);
      expect(withoutEllipses(alert)).not.toMatch(DOUBLE_STOP);
    }
    const kinds = new Set(codes.map((code) => strings('ja').problem({ code, message: '' })));
    expect(kinds.size).toBe(codes.length);
  });
});

describe('the Japanese panel', () => {
  it('names STIFFNESS, TIME, MUSCLE and GET UP in Japanese, as it does gravity', () => {
    const ja = strings('ja');
    const latinOnly = /^[ -~−×]+$/u;
    const names = [
      ja.stiffness,
      ja.time,
      ja.bodies,
      ja.motion.muscle,
      ja.motion.getUpOn,
      ja.motion.getUpOff,
      ja.stiffnessSet(50),
      ja.timeSet(0.5),
      ja.motion.muscleSet(50),
      ja.motion.getUpSet(true),
      COMMANDS['stiffness-down'].label.ja,
      COMMANDS['stiffness-up'].label.ja,
      COMMANDS['muscle-down'].label.ja,
      COMMANDS['muscle-up'].label.ja,
      COMMANDS['toggle-get-up'].label.ja,
    ];
    for (const name of names) {
      expect(name, name).not.toMatch(/STIFFNESS|TIME|MUSCLE|GET UP|BODIES/u);
      expect(name, name).not.toMatch(latinOnly);
    }
    // The keys stay what they were.
    expect(COMMANDS['stiffness-down'].key).toBe('[');
    expect(COMMANDS['toggle-get-up'].key).toBe('g');
  });
});
