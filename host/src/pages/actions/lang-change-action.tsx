import { useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { LOCALES, type Locale } from '@leadforge/contracts';
import { changeLocale } from '@leadforge/i18n';
import { useUserInfo } from '@leadforge/session';
import { reportError } from '../../app/report-error';
import { isSafeInternalPath } from '../../app/route-access';
import { FinishingState } from './finishing-state';

function asLocale(value: string | undefined): Locale | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (lower === 'ua') return 'uk';
  return (LOCALES as readonly string[]).includes(lower) ? (lower as Locale) : null;
}

/**
 * /lang-change/:lang?: switches the interface language (and saves it through POST
 * /change-language when signed in), then returns to `?redirect=` or `/`.
 */
export function LangChangeAction() {
  const { lang } = useParams();
  const [searchParams] = useSearchParams();
  const [done, setDone] = useState(false);
  const locale = asLocale(lang);
  const back = searchParams.get('redirect');
  // Whether the language is saved to the account depends on the session: opened straight from a
  // link, this page must not switch before user-info has said who is signed in, or the choice
  // stays in the cookie and the account's old language wins on the next load.
  const userInfo = useUserInfo();
  const sessionKnown = !userInfo.isPending;
  const signedIn = Boolean(userInfo.data?.userHashId);

  useEffect(() => {
    if (!sessionKnown) return;
    if (!locale) {
      setDone(true);
      return;
    }
    let cancelled = false;
    changeLocale(locale, { signedIn })
      .catch((error: unknown) => reportError(error, { where: 'lang-change' }))
      .finally(() => {
        if (!cancelled) setDone(true);
      });
    return () => {
      cancelled = true;
    };
  }, [locale, sessionKnown, signedIn]);

  if (!done) return <FinishingState />;
  return <Navigate to={isSafeInternalPath(back) ? back : '/'} replace />;
}
