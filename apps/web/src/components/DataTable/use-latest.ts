import { useLayoutEffect, useRef } from 'react';

/** A value the latest render saw, for callbacks that must stay stable. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
