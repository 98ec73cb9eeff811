import { createContext, ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** The open modal: its type and properties (spec 01 §2 modal host). */
export interface ModalState {
  type: string | null;
  props: Record<string, unknown>;
}

interface ModalApi extends ModalState {
  openModal: (type: string, props?: Record<string, unknown>) => void;
  closeModal: () => void;
}

const CLOSED: ModalState = { type: null, props: {} };
const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState>(CLOSED);
  const openModal = useCallback((type: string, props: Record<string, unknown> = {}) => {
    setState({ type, props });
  }, []);
  const closeModal = useCallback(() => setState(CLOSED), []);
  const value = useMemo(
    () => ({ ...state, openModal, closeModal }),
    [state, openModal, closeModal],
  );
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) {
    throw new Error('useModal must be used inside ModalProvider');
  }
  return api;
}
