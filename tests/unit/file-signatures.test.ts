import { describe, expect, it } from 'vitest';
import { hasPngSignature, modelSignatureOf } from '../../shared/file-signatures';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('file signatures', () => {
  it('tells glTF binaries, PMX and PMD apart by their first bytes', () => {
    expect(modelSignatureOf(ascii('glTF\x02\0\0\0'))).toBe('glb');
    expect(modelSignatureOf(ascii('PMX \0\0\0@'))).toBe('pmx');
    expect(modelSignatureOf(ascii('Pmd\0\0\x80?'))).toBe('pmd');
  });

  it('says nothing for other bytes, short headers and near misses', () => {
    expect(modelSignatureOf(ascii('PK\x03\x04'))).toBeUndefined();
    expect(modelSignatureOf(ascii('PMX'))).toBeUndefined();
    expect(modelSignatureOf(ascii('pmx '))).toBeUndefined();
    expect(modelSignatureOf(new Uint8Array(0))).toBeUndefined();
  });

  it('checks all eight PNG signature bytes', () => {
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);
    expect(hasPngSignature(png)).toBe(true);
    const dosMangled = png.slice();
    dosMangled[4] = 0x0a; // a CR-LF translated to LF: the damage the signature is built to show
    expect(hasPngSignature(dosMangled)).toBe(false);
    expect(hasPngSignature(png.subarray(0, 7))).toBe(false);
  });
});
