import { useEffect, useRef } from 'react';

/** The cross-window channel of spec 01 §2 Facility board: 'Clicked' makes the board reload. */
export const BOARD_CHANNEL = 'trialflow-board';
export const CLICKED_MESSAGE = 'Clicked';

/** Tells every open board (other windows and tabs included) to reload. */
export function postClicked(): void {
  if (typeof BroadcastChannel === 'undefined') {
    return;
  }
  const channel = new BroadcastChannel(BOARD_CHANNEL);
  channel.postMessage(CLICKED_MESSAGE);
  channel.close();
}

/** Calls `onClicked` when another window posts 'Clicked'. */
export function useClickedMessage(onClicked: () => void): void {
  const handler = useRef(onClicked);
  useEffect(() => {
    handler.current = onClicked;
  }, [onClicked]);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') {
      return;
    }
    const channel = new BroadcastChannel(BOARD_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === CLICKED_MESSAGE) {
        handler.current();
      }
    };
    return () => channel.close();
  }, []);
}
