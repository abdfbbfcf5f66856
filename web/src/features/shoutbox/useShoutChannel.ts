import { useCallback, useEffect, useRef, useState } from 'react';
import {
  openShoutChannel,
  ShoutSendError,
  type ShoutChannel,
  type ShoutChannelStatus,
} from '../../api/shoutChannel.ts';
import type { ShoutMessage } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { keepLatestShouts } from '../../lib/shoutbox.ts';
import { announce } from '../../state/announcer.ts';
import { useSession } from '../../state/session.ts';

export interface ShoutBox {
  messages: ShoutMessage[];
  status: ShoutChannelStatus;
  send(text: string): Promise<void>;
}

/**
 * The shout channel while the view is mounted and someone is signed in: closed on unmount and on
 * signing out. Others' new messages are announced politely.
 */
export function useShoutChannel(): ShoutBox {
  const chatToken = useSession((state) =>
    state.status === 'signedIn' ? (state.user?.chatToken ?? null) : null,
  );
  const selfId = useSession((state) => state.user?.id ?? null);
  const [messages, setMessages] = useState<ShoutMessage[]>([]);
  const [status, setStatus] = useState<ShoutChannelStatus>('connecting');
  const channel = useRef<ShoutChannel | null>(null);

  useEffect(() => {
    if (!chatToken || !selfId) return;
    const opened = openShoutChannel(
      { chatToken, selfId },
      {
        // The server's history is the truth after each (re)join.
        onHistory: (history) => setMessages(keepLatestShouts([], history)),
        onMessage: (message) => {
          setMessages((current) => keepLatestShouts(current, [message]));
          if (message.author.id !== selfId)
            announce(t('shoutbox.announce', message.author.username, message.text));
        },
        onStatus: setStatus,
      },
    );
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
      setMessages([]);
      setStatus('connecting');
    };
  }, [chatToken, selfId]);

  const send = useCallback(
    (text: string) => channel.current?.send(text) ?? Promise.reject(new ShoutSendError('refused')),
    [],
  );
  return { messages, status, send };
}
