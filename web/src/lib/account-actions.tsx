import { createContext, useContext } from 'react';

/**
 * Account actions that shared components (the navbar) trigger but a feature implements; `app/`
 * provides them, so shared code never imports a feature.
 */
export interface AccountActions {
  /** Spec 01 §4 Logout: provider sign-out, local cleanup, popup, home. */
  logout: () => Promise<void>;
}

export const AccountActionsContext = createContext<AccountActions | null>(null);

export function useAccountActions(): AccountActions {
  const actions = useContext(AccountActionsContext);
  if (!actions) {
    throw new Error('useAccountActions must be used inside AccountActionsContext');
  }
  return actions;
}
