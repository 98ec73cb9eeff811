import {
  ComponentType,
  KeyboardEvent,
  MouseEvent,
  ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './modal-store';
import { PopupModal } from './popup-modal';
import './modal.css';

/**
 * The modals the host can show, by type. Features register theirs from `app/` with
 * `registerModal`, so shared code never imports a feature.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each modal has its own props
export const MODALS: Record<string, ComponentType<any>> = {
  popup: PopupModal,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see MODALS
export function registerModal(type: string, component: ComponentType<any>): void {
  MODALS[type] = component;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

interface ModalFrameProps {
  onClose: () => void;
  /** Changes whenever new content is opened, so focus moves into it again. */
  contentKey: number;
  fullscreen: boolean;
  children: (titleId: string) => ReactNode;
}

/** Overlay + dialog: scroll lock, Escape, overlay click, focus in and back (spec 01 §2). */
function ModalFrame({ onClose, contentKey, fullscreen, children }: ModalFrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedOnOverlay = useRef(false);
  const onCloseRef = useRef(onClose);
  const titleId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.classList.add('modal-open');
    const onKeyDown = (event: globalThis.KeyboardEvent): void => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('modal-open');
      // The opener may be gone (e.g. the menu item that logged out): then focus stays put.
      if (previouslyFocused?.isConnected) {
        previouslyFocused.focus();
      }
    };
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) {
      return;
    }
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    (preferred ?? dialog).focus();
  }, [contentKey]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Tab' || !dialogRef.current) {
      return;
    }
    const items = focusableIn(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Only a click that starts and ends on the overlay closes: selecting text in an input and
  // releasing outside the dialog must not.
  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>): void => {
    pressedOnOverlay.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>): void => {
    if (pressedOnOverlay.current && event.target === event.currentTarget) {
      onClose();
    }
    pressedOnOverlay.current = false;
  };

  return (
    <div
      className={fullscreen ? 'modal-overlay modal-overlay--fullscreen' : 'modal-overlay'}
      data-testid="modal-overlay"
      onMouseDown={onOverlayMouseDown}
      onClick={onOverlayClick}
    >
      <div
        ref={dialogRef}
        className={fullscreen ? 'modal modal--fullscreen' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        {children(titleId)}
      </div>
    </div>
  );
}

/**
 * Shows the modal of `useModal().type`. Its props are those given to `openModal` plus
 * `onClose` and `titleId`; `fullscreen: true` among them gives the fullscreen layout.
 */
export function ModalHost() {
  const { type, props, closeModal } = useModal();
  // Each openModal call gives a new props object: a fresh modal, even of the same type
  // (React's "adjust state when a prop changes" pattern, no effect needed).
  const [opened, setOpened] = useState({ props, contentKey: 0 });
  if (opened.props !== props) {
    setOpened({ props, contentKey: opened.contentKey + 1 });
  }
  const { contentKey } = opened;
  const Component = type ? MODALS[type] : undefined;

  if (!type) {
    return null;
  }
  if (!Component) {
    if (import.meta.env.DEV) {
      // eslint-disable-next-line no-console -- a programming error worth seeing during development
      console.error(`No modal registered for type '${type}'`);
    }
    return null;
  }
  return createPortal(
    <ModalFrame onClose={closeModal} contentKey={contentKey} fullscreen={props.fullscreen === true}>
      {(titleId) => (
        <Component key={contentKey} {...props} titleId={titleId} onClose={closeModal} />
      )}
    </ModalFrame>,
    document.body,
  );
}
