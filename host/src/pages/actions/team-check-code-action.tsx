import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { storeTeamJoinCode } from '../../app/session-bridge';

/** /team/check-code/:code: keeps the join code for after sign-in/registration and goes to `/`. */
export function TeamCheckCodeAction() {
  const { code } = useParams();
  // Stored while rendering (once, idempotent) so it is there before `/` and the guards decide.
  useState(() => {
    if (code) storeTeamJoinCode(code);
    return true;
  });
  return <Navigate to="/" replace />;
}
