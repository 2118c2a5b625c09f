import type { Language } from '../i18n';

/** The VMC section's words and its status lines. */
export interface VmcStrings {
  readonly group: string;
  readonly receive: string;
  readonly receiveHint: string;
  readonly port: string;
  readonly listen: string;
  readonly listenLocal: string;
  readonly listenNetwork: string;
  /** Said plainly under the choice when the network is chosen. */
  readonly networkWarning: string;
  readonly send: string;
  readonly sendHint: string;
  readonly sendHost: string;
  readonly sendPort: string;
  readonly sendRate: string;
  readonly off: string;
  readonly noHost: string;
  /** The help dialog's paragraph about VMC. */
  readonly help: string;
  listening(address: string, port: number): string;
  receiving(sender: string, packetsPerSecond: number, bad: number): string;
  noData(seconds: number): string;
  sending(target: string, rate: number): string;
  badPort(port: string): string;
  badHost(host: string): string;
  samePort(port: number): string;
}

export const VMC_STRINGS_EN: VmcStrings = {
  group: 'VMC',
  receive: 'Receive VMC',
  receiveHint:
    'Listen for a VMC tracker (VSeeFace, VMagicMirror, Warudo, a phone app …): choose Live (VMC) in the motion list and the figures follow it through the physics',
  port: 'Port',
  listen: 'Listen on',
  listenLocal: 'This computer only (127.0.0.1)',
  listenNetwork: 'The network (other computers)',
  networkWarning: 'Any computer on your network can send poses to this app.',
  send: 'Send VMC',
  sendHint:
    'Send the figure the camera orbits (else the first) to another VMC app, as its ragdoll pose',
  sendHost: 'To address',
  sendPort: 'Port',
  sendRate: 'Per second',
  off: 'Off.',
  noHost: 'VMC needs the desktop app.',
  help: 'VMC (panel, VMC section): with Receive VMC on, choose Live (VMC) in the motion list and the figures follow a tracker app (port 39539) through the physics; they can still be hit and knocked down, and get up into the live pose. After 1 s without data they hold the pose; after 5 s the motion chosen before returns. Send VMC streams the ragdoll pose of the figure the camera orbits to another VMC app (127.0.0.1:39540 by default).',
  listening: (address, port) => `Listening on ${address}:${port}; no sender yet.`,
  receiving: (sender, rate, bad) =>
    `From ${sender}: ${rate} packets/s${bad > 0 ? `, ${bad} not VMC (dropped)` : ''}.`,
  noData: (seconds) => `No data for ${Math.floor(seconds)} s.`,
  sending: (target, rate) => `Sending to ${target}, ${rate} frames/s.`,
  badPort: (port) => `"${port}" is not a port: use a whole number from 1024 to 65535.`,
  badHost: (host) => `"${host}" is not an address: use e.g. 127.0.0.1 or a computer's name.`,
  samePort: (port) => `Sending to port ${port} would send to ourselves: choose another port.`,
};

export const VMC_STRINGS_JA: VmcStrings = {
  group: 'VMC',
  receive: 'VMC を受信',
  receiveHint:
    'VMC のトラッカー（VSeeFace、VMagicMirror、Warudo、スマホアプリなど）を待ち受けます。モーション一覧で「ライブ（VMC）」を選ぶと、人形が物理を通してその動きに従います',
  port: 'ポート',
  listen: '待ち受け先',
  listenLocal: 'このコンピューターのみ（127.0.0.1）',
  listenNetwork: 'ネットワーク（ほかのコンピューター）',
  networkWarning: 'ネットワーク上のどのコンピューターからでも、このアプリにポーズを送れます。',
  send: 'VMC を送信',
  sendHint:
    'カメラが回り込んでいる人形（なければ最初の人形）のラグドールのポーズを、ほかの VMC アプリへ送ります',
  sendHost: '送信先アドレス',
  sendPort: 'ポート',
  sendRate: '毎秒',
  off: 'オフ。',
  noHost: 'VMC はデスクトップアプリで使えます。',
  help: 'VMC（パネルの VMC 欄）: 「VMC を受信」をオンにしてモーション一覧で「ライブ（VMC）」を選ぶと、人形がトラッカーアプリ（ポート 39539）の動きに物理を通して従います。当たれば倒れ、ライブのポーズへ起き上がります。データが 1 秒途切れるとポーズを保ち、5 秒で前に選んでいたモーションに戻ります。「VMC を送信」はカメラが回り込んでいる人形のラグドールのポーズをほかの VMC アプリへ送ります（既定 127.0.0.1:39540）。',
  listening: (address, port) => `${address}:${port} で待ち受け中。送信元はまだありません。`,
  receiving: (sender, rate, bad) =>
    `${sender} から毎秒 ${rate} パケット${bad > 0 ? `（VMC でない ${bad} 個は破棄）` : ''}。`,
  noData: (seconds) => `${Math.floor(seconds)} 秒間データがありません。`,
  sending: (target, rate) => `${target} へ毎秒 ${rate} フレーム送信中。`,
  badPort: (port) => `「${port}」はポートではありません。1024〜65535 の整数を使ってください。`,
  badHost: (host) =>
    `「${host}」はアドレスではありません。127.0.0.1 やコンピューター名を使ってください。`,
  samePort: (port) => `ポート ${port} へ送ると自分自身に届きます。別のポートを選んでください。`,
};

/** The VMC section's strings in `language`. */
export function vmcStrings(language: Language): VmcStrings {
  return language === 'ja' ? VMC_STRINGS_JA : VMC_STRINGS_EN;
}
