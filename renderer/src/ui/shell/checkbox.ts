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
