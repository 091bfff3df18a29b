// Controls that cannot work now: a verb its receiver's declared conditions say is unavailable
// (the server sends, with each receiver, `unavailable`: verb → reason), Undo and Redo with
// nothing to take back, and the board's cells that take no mark. Such a control stays in the
// Tab order (`aria-disabled`, not `disabled`), its reason is its title (the tooltip, and what
// a screen reader reads as its description), and a click on it is answered by the reason,
// where the click was, with nothing sent.
'use strict';

/**
 * Marks `control` as unable to work because of `reason` (null: it can): `aria-disabled`,
 * so that it keeps its place in the Tab order and screen readers say it is dimmed, and
 * the reason as its title (its tooltip, and its accessible description). A click on it is
 * answered by the reason, where the click was (`refused`).
 */
function setUnavailable(control, reason) {
  if (!('title0' in control.dataset)) control.dataset.title0 = control.getAttribute('title') ?? '';
  if (reason) {
    control.setAttribute('aria-disabled', 'true');
    control.title = reason;
  } else {
    control.removeAttribute('aria-disabled');
    if (control.dataset.title0) control.title = control.dataset.title0; else control.removeAttribute('title');
  }
}

/** Whether `control` cannot work now: then its reason is shown where it is, and nothing is sent. */
function refused(control) {
  if (control?.getAttribute('aria-disabled') !== 'true') return false;
  showFailure(control.getBoundingClientRect(), control.title || 'not available now');
  return true;
}

/**
 * The receiver's verbs that cannot work now (what the server sent: `unavailable`, verb →
 * reason) on every control made for them: the card's buttons (`data-verb`), and the arrow
 * pad, the swatches and the menu's items (`data-for`).
 */
function drawAvailability(receiver) {
  const unavailable = receiver.unavailable || {};
  for (const control of document.querySelectorAll(`[data-receiver="${CSS.escape(receiver.name)}"]`)) {
    const verb = control.dataset.verb ?? control.dataset.for;
    if (verb !== undefined) setUnavailable(control, unavailable[verb] ?? null);
  }
}
