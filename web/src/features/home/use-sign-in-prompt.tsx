import { useState } from 'react';
import { useSession } from '../../lib/session/session-context';
import { rememberReturnPath } from '../../lib/session/return-path';
import { LoginPromptModal } from './LoginPromptModal';

/**
 * For cards whose service needs a signed-in citizen: when nobody is signed in, activating one
 * remembers where it leads and asks to log in. While the session is still being checked, or when
 * someone is signed in, the link is followed and the page's own guard decides.
 */
export function useSignInPrompt() {
  const { state } = useSession();
  const [open, setOpen] = useState(false);
  const onNeedSignIn =
    state.status === 'anonymous'
      ? (path: string) => {
          rememberReturnPath(path);
          setOpen(true);
        }
      : undefined;
  const modal = <LoginPromptModal open={open} onClose={() => setOpen(false)} />;
  return { onNeedSignIn, modal };
}
