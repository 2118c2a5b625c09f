import { make } from '../files/file-list-dom';

/** A checkbox with its text after it, both inside one label (the text is set per language). */
export interface LabelledCheckbox {
  readonly input: HTMLInputElement;
  readonly label: HTMLLabelElement;
  readonly text: HTMLSpanElement;
}

/**
 * A checkbox with the id `id` and its label, each element with its class from `classes`;
 * `onChange`, if given, is told whether the box is now checked.
 */
export function makeCheckbox(
  document: Document,
  id: string,
  classes: { readonly input: string; readonly label: string; readonly text: string },
  onChange?: (checked: boolean) => void,
): LabelledCheckbox {
  const input = make(document, 'input', classes.input);
  input.type = 'checkbox';
  input.id = id;
  if (onChange) input.addEventListener('change', () => onChange(input.checked));
  const label = make(document, 'label', classes.label);
  label.htmlFor = id;
  const text = make(document, 'span', classes.text);
  label.append(input, text);
  return { input, label, text };
}

/** A text field or drop-down list after its label, both in one row. */
export interface LabelledField<Input extends HTMLInputElement | HTMLSelectElement> {
  readonly input: Input;
  readonly label: HTMLLabelElement;
  readonly row: HTMLDivElement;
}

/**
 * A `tag` element with the id `id` after its label in a row, each element with its class
 * from `classes`; `onChange` is told its value when it changes.
 */
export function makeLabelledField<Tag extends 'input' | 'select'>(
  document: Document,
  tag: Tag,
  id: string,
  classes: { readonly input: string; readonly label: string; readonly row: string },
  onChange: (value: string) => void,
): LabelledField<HTMLElementTagNameMap[Tag]> {
  const input = make(document, tag, classes.input);
  input.id = id;
  input.addEventListener('change', () => onChange(input.value));
  const label = make(document, 'label', classes.label);
  label.htmlFor = id;
  const row = make(document, 'div', classes.row);
  row.append(label, input);
  return { input, label, row };
}
