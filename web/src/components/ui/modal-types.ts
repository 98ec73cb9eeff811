/** What the modal host passes to every modal, besides the props given to `openModal`. */
export interface ModalContentProps {
  /** Closes this modal (same as `useModal().closeModal`). */
  onClose: () => void;
  /** Put this id on the modal's heading: the dialog is labelled by it. */
  titleId: string;
}

/** The hospital-selection modal (spec 01 §2 Modals); registered from `app/routes/home.tsx`. */
export const HOSPITAL_SELECTION_MODAL = 'hospitalSelection';
