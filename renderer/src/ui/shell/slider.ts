import type { AppCommand } from '../../../../shared/commands';
import { ariaKeyShortcuts } from '../../../../shared/commands';

/** A panel slider: the range input, its label, and its value shown above it on the right. */
export interface Slider {
  readonly input: HTMLInputElement;
  readonly label: HTMLLabelElement;
  readonly output: HTMLOutputElement;
  /** The label and the value on one line, the slider under them: put this in the panel. */
  readonly row: HTMLElement;
}

/** What a slider moves through, and the commands that nudge it down and up. */
export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly down: AppCommand;
  readonly up: AppCommand;
}

/**
 * A slider with the id `slider-${id}` (and `className` on its input, if given), unlabelled
 * until {@link labelSlider}.
 */
export function makeSlider(
  document: Document,
  id: string,
  range: SliderRange,
  className?: string,
): Slider {
  const input = document.createElement('input');
  if (className) input.className = className;
  input.type = 'range';
  input.id = `slider-${id}`;
  input.min = String(range.min);
  input.max = String(range.max);
  input.step = String(range.step);
  input.setAttribute(
    'aria-keyshortcuts',
    `${ariaKeyShortcuts(range.down)} ${ariaKeyShortcuts(range.up)}`,
  );
  const label = document.createElement('label');
  label.htmlFor = input.id;
  const output = document.createElement('output');
  output.htmlFor.add(input.id);
  output.className = 'slider-value';
  // The slider announces its own value (aria-valuetext); an <output> is also a live
  // region and would read every change a second time.
  output.setAttribute('aria-hidden', 'true');
  const top = document.createElement('div');
  top.className = 'slider-top';
  top.append(label, output);
  const row = document.createElement('div');
  row.className = 'slider-row';
  row.append(top, input);
  return { input, label, output, row };
}

/**
 * Calls `onMove` with the slider's value as it is dragged (`final` false) and once more when the
 * drag ends (`final` true).
 */
export function listenToSlider(
  slider: Slider,
  onMove: (value: number, final: boolean) => void,
): void {
  const input = slider.input;
  input.addEventListener('input', () => onMove(Number(input.value), false));
  input.addEventListener('change', () => onMove(Number(input.value), true));
}

/** Names the slider `name`, with `hint` as its tooltip. */
export function labelSlider(slider: Slider, name: string, hint: string): void {
  slider.label.textContent = name;
  slider.input.title = hint;
}

/** Shows `text` as the slider's value: beside it, and as what it announces. */
export function showSliderText(slider: Slider, text: string): void {
  slider.output.value = text;
  slider.input.setAttribute('aria-valuetext', text);
}
