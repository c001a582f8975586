/**
 * Wires an editor dialog: its form adds the draft's operations (the dialog closed first, so it hands focus back to
 * the button that opened it and the page may move it on from there), Cancel and Escape close it, and closing runs
 * `onClose`.
 */
export function wireEditorDialog<Operation>(
  dialog: HTMLDialogElement,
  elements: { form: HTMLFormElement; cancel: HTMLElement },
  handlers: { operations: () => Operation[]; onAdd: (operations: Operation[]) => void; onClose: () => void },
): void {
  elements.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const operations = handlers.operations();
    dialog.close();
    handlers.onAdd(operations);
  });
  elements.cancel.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', handlers.onClose);
}
