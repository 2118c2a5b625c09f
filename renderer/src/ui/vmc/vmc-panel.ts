import { make, makeSection } from '../files/file-list-dom';
import { makeCheckbox, makeLabelledField } from '../shell/labelled-controls';
import type { Language } from '../i18n';
import type { VmcSettings } from './vmc-settings';
import { vmcStrings } from './vmc-strings';
import './vmc.css';

/** What the VMC section reports: the fields as typed (checked by the controls). */
export interface VmcPanelFields {
  readonly receive: boolean;
  readonly receivePort: string;
  readonly listen: 'local' | 'network';
  readonly send: boolean;
  readonly sendHost: string;
  readonly sendPort: string;
  readonly sendRate: 30 | 60;
}

/**
 * The VMC section of the left panel: receive on/off, its port and where it listens (this
 * computer only, or the network, said plainly), send on/off with its address, port and rate,
 * and a status line for each.
 */
export class VmcPanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly receive: HTMLInputElement;
  private readonly receiveText: HTMLSpanElement;
  private readonly receivePort: HTMLInputElement;
  private readonly receivePortLabel: HTMLLabelElement;
  private readonly listen: HTMLSelectElement;
  private readonly listenLabel: HTMLLabelElement;
  private readonly warning: HTMLElement;
  private readonly receiveStatus: HTMLElement;
  private readonly send: HTMLInputElement;
  private readonly sendText: HTMLSpanElement;
  private readonly sendHost: HTMLInputElement;
  private readonly sendHostLabel: HTMLLabelElement;
  private readonly sendPort: HTMLInputElement;
  private readonly sendPortLabel: HTMLLabelElement;
  private readonly sendRate: HTMLSelectElement;
  private readonly sendRateLabel: HTMLLabelElement;
  private readonly sendStatus: HTMLElement;

  constructor(document: Document, language: Language, onChange: (fields: VmcPanelFields) => void) {
    const { section, heading } = makeSection(document, 'vmc');
    this.element = section;
    this.heading = heading;
    const changed = () => {
      this.showWarning();
      onChange(this.fields());
    };
    const check = (id: string) =>
      makeCheckbox(document, id, { input: 'vmc-check', label: 'vmc-option', text: '' }, changed);
    const field = <K extends 'input' | 'select'>(tag: K, id: string) =>
      makeLabelledField(
        document,
        tag,
        `vmc-${id}`,
        { input: `vmc-field vmc-${id}`, label: 'vmc-field-label', row: 'vmc-row' },
        changed,
      );
    const receive = check('vmc-receive');
    this.receive = receive.input;
    this.receiveText = receive.text;
    const receivePort = field('input', 'receive-port');
    this.receivePort = receivePort.input;
    this.receivePort.inputMode = 'numeric';
    this.receivePortLabel = receivePort.label;
    const listen = field('select', 'listen');
    this.listen = listen.input;
    this.listen.append(make(document, 'option', ''), make(document, 'option', ''));
    this.listen.options[0]!.value = 'local';
    this.listen.options[1]!.value = 'network';
    this.listenLabel = listen.label;
    this.warning = make(document, 'p', 'vmc-warning');
    this.receiveStatus = make(document, 'p', 'vmc-status vmc-receive-status');
    this.receiveStatus.setAttribute('aria-live', 'polite');
    const send = check('vmc-send');
    this.send = send.input;
    this.sendText = send.text;
    const sendHost = field('input', 'send-host');
    this.sendHost = sendHost.input;
    this.sendHostLabel = sendHost.label;
    const sendPort = field('input', 'send-port');
    this.sendPort = sendPort.input;
    this.sendPort.inputMode = 'numeric';
    this.sendPortLabel = sendPort.label;
    const sendRate = field('select', 'send-rate');
    this.sendRate = sendRate.input;
    for (const rate of ['60', '30']) {
      const option = make(document, 'option', '', rate);
      option.value = rate;
      this.sendRate.append(option);
    }
    this.sendRateLabel = sendRate.label;
    this.sendStatus = make(document, 'p', 'vmc-status vmc-send-status');
    this.sendStatus.setAttribute('aria-live', 'polite');
    const body = make(document, 'div', 'panel-group-body');
    body.append(
      receive.label,
      receivePort.row,
      listen.row,
      this.warning,
      this.receiveStatus,
      send.label,
      sendHost.row,
      sendPort.row,
      sendRate.row,
      this.sendStatus,
    );
    section.append(body);
    this.setLanguage(language);
  }

  /** Shows `settings` (at start). */
  show(settings: VmcSettings): void {
    this.receive.checked = settings.receive;
    this.receivePort.value = String(settings.receivePort);
    this.listen.value = settings.listen;
    this.send.checked = settings.send;
    this.sendHost.value = settings.sendHost;
    this.sendPort.value = String(settings.sendPort);
    this.sendRate.value = String(settings.sendRate);
    this.showWarning();
  }

  /** The fields as they stand. */
  fields(): VmcPanelFields {
    return {
      receive: this.receive.checked,
      receivePort: this.receivePort.value.trim(),
      listen: this.listen.value === 'network' ? 'network' : 'local',
      send: this.send.checked,
      sendHost: this.sendHost.value.trim(),
      sendPort: this.sendPort.value.trim(),
      sendRate: this.sendRate.value === '30' ? 30 : 60,
    };
  }

  /** The receive status line (changed only when its text changes). */
  showReceiveStatus(text: string): void {
    if (this.receiveStatus.textContent !== text) this.receiveStatus.textContent = text;
  }

  showSendStatus(text: string): void {
    if (this.sendStatus.textContent !== text) this.sendStatus.textContent = text;
  }

  setLanguage(language: Language): void {
    const text = vmcStrings(language);
    this.heading.textContent = text.group;
    this.receiveText.textContent = text.receive;
    this.receive.title = text.receiveHint;
    this.receivePortLabel.textContent = text.port;
    this.listenLabel.textContent = text.listen;
    this.listen.options[0]!.textContent = text.listenLocal;
    this.listen.options[1]!.textContent = text.listenNetwork;
    this.warning.textContent = text.networkWarning;
    this.sendText.textContent = text.send;
    this.send.title = text.sendHint;
    this.sendHostLabel.textContent = text.sendHost;
    this.sendPortLabel.textContent = text.sendPort;
    this.sendRateLabel.textContent = text.sendRate;
  }

  private showWarning(): void {
    this.warning.hidden = this.listen.value !== 'network';
  }
}
