import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '@leadforge/api-client';
import { SUPPORT_EMAIL, TOAST_DURATION_MS } from '@leadforge/contracts';
import { createI18n, i18nReady } from '@leadforge/i18n';
import {
  AreaComingSoon,
  ConnectionStatus,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  UiProvider,
  useApiErrorModal,
  useToast,
} from './index';

const i18n = createI18n({ lng: 'en' });

beforeAll(async () => {
  await i18nReady(i18n);
});

function renderWithUi(node: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <UiProvider>{node}</UiProvider>
    </I18nextProvider>,
  );
}

function ToastButton() {
  const toast = useToast();
  return <Button onClick={() => toast.success('Saved the list')}>show</Button>;
}

function ErrorButton({ error }: { error: unknown }) {
  const showError = useApiErrorModal();
  return <Button onClick={() => showError(error)}>fail</Button>;
}

describe('toast', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('disappears by itself after 5 seconds', async () => {
    jest.useFakeTimers();
    renderWithUi(<ToastButton />);
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(await screen.findByText('Saved the list')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS - 500);
    });
    expect(screen.getByText('Saved the list')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    // The leave animation is also timer-driven; flush it.
    await act(async () => {
      jest.runOnlyPendingTimers();
    });
    await waitFor(() => expect(screen.queryByText('Saved the list')).not.toBeInTheDocument());
  });

  it('can be closed by the user before the 5 seconds are over', async () => {
    renderWithUi(<ToastButton />);
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    const text = await screen.findByText('Saved the list');
    const notice = text.closest('.ant-notification-notice') as HTMLElement;
    fireEvent.click(notice.querySelector('.ant-notification-notice-close') as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Saved the list')).not.toBeInTheDocument());
  });
});

describe('error modal (document 2 §8)', () => {
  it('shows the title and text of the server error list', async () => {
    const error = new ApiError({
      kind: 'http',
      routeId: 'test',
      status: 422,
      errors: [{ key: 'list_create_failed', title: 'List not created', description: 'A list with this name exists.' }],
      rawText: '',
    });
    renderWithUi(<ErrorButton error={error} />);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText('List not created', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.getByText('A list with this name exists.')).toBeInTheDocument();
  });

  it('falls back to "Warning" and the raw response text', async () => {
    const error = new ApiError({ kind: 'http', routeId: 'test', status: 502, errors: [], rawText: 'Bad gateway upstream' });
    renderWithUi(<ErrorButton error={error} />);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText('Warning', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.getByText('Bad gateway upstream')).toBeInTheDocument();
  });

  it('says an error occurred with the support address when nothing came back', async () => {
    renderWithUi(<ErrorButton error={new Error('boom')} />);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText('Warning', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(SUPPORT_EMAIL.replace('.', '\\.')))).toBeInTheDocument();
  });
});

describe('states', () => {
  it('loading, empty and error states say what is going on', () => {
    const onRetry = jest.fn();
    renderWithUi(
      <>
        <LoadingState />
        <EmptyState description="Create your first list" />
        <ErrorState onRetry={onRetry} />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first list')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('the coming-soon placeholder names the area and its open issue', () => {
    renderWithUi(<AreaComingSoon area="Campaigns" issue={5} />);
    expect(screen.getByText('Campaigns is coming')).toBeInTheDocument();
    expect(screen.getByText(/issue 5/)).toBeInTheDocument();
  });

  it('the connection status is labelled for each state', () => {
    renderWithUi(<ConnectionStatus status="offline" />);
    expect(screen.getByRole('status', { name: 'Live updates are paused' })).toBeInTheDocument();
  });
});

describe('page header', () => {
  it('sets the document title and offers a back button', () => {
    const onBack = jest.fn();
    renderWithUi(<PageHeader title="Pricing plans" onBack={onBack} />);
    expect(document.title).toBe('Pricing plans · Leadforge');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
