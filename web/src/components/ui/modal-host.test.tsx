import { act, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ModalHost } from './modal-host';
import { useModal } from './modal-store';
import type { PopupModalProps } from './popup-modal';

function Opener({ popup }: { popup: PopupModalProps }) {
  const { openModal } = useModal();
  return (
    <button type="button" onClick={() => openModal('popup', { ...popup })}>
      Open
    </button>
  );
}

function renderPopup(popup: PopupModalProps) {
  const result = renderWithApp(
    <>
      <Opener popup={popup} />
      <ModalHost />
    </>,
  );
  const open = async () => {
    await result.user.click(screen.getByRole('button', { name: 'Open' }));
    return screen.getByRole('dialog', { name: popup.title });
  };
  return { ...result, open };
}

const EMAIL_INPUT = {
  placeholder: 'E-mail address',
  name: 'email',
  validate: (value: string) =>
    /^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid e-mail',
};

describe('ModalHost', () => {
  it('should show nothing and leave the page scrollable while no modal is open', () => {
    renderPopup({ title: 'Saved' });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('should open a modal dialog, lock body scroll and move focus into it', async () => {
    const { open } = renderPopup({ title: 'Saved', text: 'Your changes are saved.' });

    const dialog = await open();

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Saved' })).toBeInTheDocument();
    expect(within(dialog).getByText('Your changes are saved.')).toBeInTheDocument();
    expect(document.body).toHaveClass('modal-open');
    expect(dialog).toHaveFocus();
  });

  it('should close on an overlay click, unlock scrolling and give focus back', async () => {
    const { open, user } = renderPopup({ title: 'Saved' });
    const dialog = await open();

    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByTestId('modal-overlay'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('should close on Escape', async () => {
    const { open, user } = renderPopup({ title: 'Saved' });
    await open();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('should close with the × control', async () => {
    const { open, user } = renderPopup({ title: 'Saved', primaryLabel: 'OK' });
    const dialog = await open();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should keep Tab inside the dialog', async () => {
    const { open, user } = renderPopup({ title: 'Saved', primaryLabel: 'OK' });
    const dialog = await open();

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});

describe('PopupModal', () => {
  it('should hide the primary button when its label is empty', async () => {
    const { open } = renderPopup({ title: 'Request sent', primaryLabel: '' });
    const dialog = await open();

    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Close']);
  });

  it('should close on the primary button when there is no action', async () => {
    const { open, user } = renderPopup({ title: 'Request sent', primaryLabel: 'OK' });
    const dialog = await open();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should validate the input first and run the action only when it passes', async () => {
    const onPrimary = vi.fn();
    const { open, user } = renderPopup({
      title: 'Forgot password',
      subtitle: 'We will send you a code',
      input: EMAIL_INPUT,
      helpText: 'Use the address you registered with.',
      primaryLabel: 'Send code',
      onPrimary,
    });
    const dialog = await open();
    const input = within(dialog).getByRole('textbox', { name: 'E-mail address' });
    expect(input).toHaveFocus();
    expect(within(dialog).getByText('Use the address you registered with.')).toBeInTheDocument();

    await user.type(input, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a valid e-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onPrimary).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'dr.vega@hospital.example{Enter}');

    expect(onPrimary).toHaveBeenCalledTimes(1);
    expect(onPrimary).toHaveBeenCalledWith('dr.vega@hospital.example');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show a loading state while the action runs', async () => {
    let finish: () => void = () => undefined;
    const onPrimary = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { open, user } = renderPopup({ title: 'Resend e-mail', primaryLabel: 'Send', onPrimary });
    const dialog = await open();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const button = within(dialog).getByRole('button', { name: 'Send' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Please wait…');
    expect(onPrimary).toHaveBeenCalledWith(undefined);

    await user.click(button);
    expect(onPrimary).toHaveBeenCalledTimes(1);

    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(button).toBeEnabled();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('should say so when the action fails', async () => {
    const onPrimary = vi.fn(() => Promise.reject(new Error('network down')));
    const { open, user } = renderPopup({ title: 'Resend e-mail', primaryLabel: 'Send', onPrimary });
    const dialog = await open();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again later.',
    );
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('should offer the resend link', async () => {
    const onResend = vi.fn();
    const { open, user } = renderPopup({
      title: 'Please verify your e-mail',
      resendLink: { label: 'Resend the verification e-mail', onClick: onResend },
    });
    const dialog = await open();

    await user.click(
      within(dialog).getByRole('button', { name: 'Resend the verification e-mail' }),
    );

    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('should start fresh when a new popup replaces the open one', async () => {
    function Chain() {
      const { openModal } = useModal();
      const second: PopupModalProps = { title: 'Second', input: EMAIL_INPUT, primaryLabel: 'Go' };
      return (
        <button
          type="button"
          onClick={() =>
            openModal('popup', {
              title: 'First',
              input: EMAIL_INPUT,
              primaryLabel: 'Next',
              onPrimary: () => openModal('popup', { ...second }),
            })
          }
        >
          Start
        </button>
      );
    }
    const { user } = renderWithApp(
      <>
        <Chain />
        <ModalHost />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.type(screen.getByRole('textbox'), 'dr.vega@hospital.example{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Second' });
    expect(within(dialog).getByRole('textbox')).toHaveValue('');
    expect(within(dialog).getByRole('textbox')).toHaveFocus();
    expect(document.body).toHaveClass('modal-open');
  });
});
