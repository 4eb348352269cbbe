import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  tone: 'success' | 'error';
  text: string;
}

/**
 * A status message that clears itself after `ms` (CONST-17: profile and password messages last 3 s).
 * Errors stay until the next attempt so they are not missed.
 */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: TimedMessage | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next?.tone === 'success') timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, show] as const;
}
