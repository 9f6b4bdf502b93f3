import { Component, Suspense, use, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, matchRoutes, renderMatches, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { failureReasonOf, RemoteUnavailableError, type RemoteFailureReason } from './errors';
import { FEDERATION_NAMESPACE } from './i18n';
import { REMOTE_AREAS } from './remote-areas';
import type { RemoteModule } from './remote-module';
import type { RemoteName } from './remote-names';
import { loadRemoteModule, resetRemote } from './runtime';

export type RemoteRoutesViewProps = {
  module: RemoteModule;
  /** What to show when no route of the remote matches; the shell sends unknown paths to `/`. */
  noMatch?: ReactNode;
};

/**
 * Renders a remote's route tree against the full location. `matchRoutes` + `renderMatches`
 * (instead of a nested `<Routes>`) keep the remote's absolute paths valid wherever the host
 * mounts it, and give its screens the usual `useParams`/`<Outlet>`.
 */
export function RemoteRoutesView({ module, noMatch = <Navigate to="/" replace /> }: RemoteRoutesViewProps) {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(module.routes, location), [module.routes, location]);
  if (!matches) return <>{noMatch}</>;
  return renderMatches(matches);
}

export type RemoteFallbackProps = {
  remote: RemoteName;
  reason: RemoteFailureReason;
  details?: string[];
  onRetry: () => void;
};

/** The visible fallback of an area that could not be shown; the rest of the app stays usable. */
export function RemoteFallback({ remote, reason, details = [], onRetry }: RemoteFallbackProps) {
  const { t } = useTranslation(FEDERATION_NAMESPACE);
  const area = t(REMOTE_AREAS[remote].titleKey);
  return (
    <div data-remote-fallback={remote} data-reason={reason}>
      <ErrorState
        title={t(`fallback.${reason}.title`, { area })}
        description={
          <>
            {t(`fallback.${reason}.description`)}
            {details.length > 0 ? (
              <code style={{ display: 'block', marginTop: 8, fontSize: 12, whiteSpace: 'pre-wrap' }}>{details.join('\n')}</code>
            ) : null}
          </>
        }
        onRetry={onRetry}
      />
    </div>
  );
}

type BoundaryProps = {
  remote: RemoteName;
  /** A new value (another path) clears a render error: the user has moved on. */
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
};

type BoundaryState = { error: unknown; resetKey: string; failed: boolean };

/** One per remote: whatever a remote does wrong stays inside its own area. */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null, failed: false };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Load failures were logged with their reason by the loader; a render error is logged here.
    if (!(error instanceof RemoteUnavailableError)) {
      console.error(`[federation] ${this.props.remote} threw while rendering`, error, info.componentStack);
    }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    return (
      <RemoteFallback
        remote={this.props.remote}
        reason={failureReasonOf(error)}
        details={error instanceof RemoteUnavailableError ? error.details : [error instanceof Error ? error.message : String(error)]}
        onRetry={this.props.onRetry}
      />
    );
  }
}

function LoadedRemote({ remote }: { remote: RemoteName }) {
  const module = use(loadRemoteModule(remote));
  return <RemoteRoutesView module={module} />;
}

export type RemoteRoutesProps = {
  remote: RemoteName;
};

/**
 * Mount point of one remote in the host's router: loads it on the first visit only (the promise
 * is cached per remote), shows `LoadingState` meanwhile and the remote's fallback with Retry when
 * it is missing, slow, refused, throws on load or throws while rendering.
 */
export function RemoteRoutes({ remote }: RemoteRoutesProps) {
  const { t } = useTranslation(FEDERATION_NAMESPACE);
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const handleRetry = () => {
    resetRemote(remote);
    setAttempt((count) => count + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} resetKey={location.pathname} onRetry={handleRetry}>
      <Suspense fallback={<LoadingState label={t('loading', { area: t(REMOTE_AREAS[remote].titleKey) })} />}>
        <LoadedRemote remote={remote} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
