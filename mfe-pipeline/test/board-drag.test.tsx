/**
 * A drag on a board of 1,000 cards re-renders only what the move changes (#41): counted from React's
 * own commits (the DevTools hook every React build reports to), on the real board, its columns and
 * cards, driven by pointer events as dnd-kit's sensor reads them.
 */
import type * as TestingLibrary from '@testing-library/react';
import type * as WebKitTesting from '@corretora/web-kit/testing';
import type { ReactNode } from 'react';
import type * as BoardModule from '../src/features/board/components/board';
import { STAGE_KEYS, type PipelineCard } from '@corretora/contracts';
import type { ReferenceNames } from '../src/lib/reference-names';
import { card } from './cards';

/** Fiber fields the count reads (React's internals, as React DevTools reads them). */
interface Fiber {
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}
/** React marks a component that ran its render in this commit with this flag (PerformedWork). */
const PERFORMED_WORK = 1;
const COUNTED = new Set(['DraggableCard', 'CardView']);

const renders = { count: 0 };
let previous = new WeakSet<Fiber>();

function nameOf(type: unknown): string | undefined {
  if (typeof type === 'function') return type.name;
  if (type && typeof type === 'object' && 'type' in type) return nameOf((type as { type: unknown }).type);
  return undefined;
}

/**
 * After each commit: the cards' components that rendered in it. A fiber the commit did not touch
 * is the very object of the last commit (its flags are old), so only new objects count.
 */
function countCommit(root: { current: Fiber }): void {
  const seen = new WeakSet<Fiber>();
  const stack: Fiber[] = [root.current];
  while (stack.length > 0) {
    const fiber = stack.pop()!;
    seen.add(fiber);
    const name = nameOf(fiber.type);
    if (name && COUNTED.has(name) && !previous.has(fiber) && (fiber.flags & PERFORMED_WORK) !== 0) renders.count += 1;
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  previous = seen;
}

// Installed before React loads (every import of React below is a require after this line).
(globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => countCommit(root),
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
};

/* eslint-disable @typescript-eslint/no-require-imports -- after the hook above, on purpose */
const { act, fireEvent, render } = require('@testing-library/react') as typeof TestingLibrary;
const { withShell } = require('@corretora/web-kit/testing') as typeof WebKitTesting;
const { Board } = require('../src/features/board/components/board') as typeof BoardModule;
/* eslint-enable @typescript-eslint/no-require-imports */

const NAMES: ReferenceNames = {
  data: undefined,
  product: () => 'Seguro Auto',
  leadSource: () => 'Indicação',
  member: () => null,
  insurer: () => 'Porto',
};

/** 1,000 cards over the four columns, with next actions, idle days and premiums (what cards show). */
function board(): PipelineCard[] {
  return Array.from({ length: 1000 }, (_, index) =>
    card(
      index + 1,
      STAGE_KEYS[index % 3]!,
      {
        stageEnteredAt: `2026-11-${String(1 + (index % 20)).padStart(2, '0')}T12:00:00Z`,
        lastActivityAt: `2026-11-${String(1 + (index % 20)).padStart(2, '0')}T12:00:00Z`,
        nextAction: index % 2 === 0 ? { dueAt: '2026-11-24T12:00:00Z', type: 'ligar', note: null } : null,
      },
      { annualPremium: 100_000 + index },
    ),
  );
}

function pointer(type: 'pointerDown' | 'pointerMove' | 'pointerUp', target: Element | Document, x: number, y: number) {
  fireEvent[type](target, { clientX: x, clientY: y, isPrimary: true, button: 0, pointerId: 1 });
}

// jsdom lays nothing out: each column's scroller gets a phone's height, so its virtualiser mounts the cards in view.
beforeAll(() => {
  // jsdom has no PointerEvent: a mouse event with the pointer's fields, as Chromium sends.
  class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly isPrimary: boolean;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.isPrimary = init.isPrimary ?? true;
    }
  }
  Object.assign(window, { PointerEvent });
  for (const [property, value] of [
    ['clientHeight', 800],
    ['clientWidth', 300],
    ['offsetHeight', 116],
    ['offsetWidth', 300],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: () => value });
  }
});

test('a pointer drag at 1,000 cards renders the dragged card, not the board, on each move', () => {
  const cards = board();
  const ui: ReactNode = (
    <Board
      cards={cards}
      stages={undefined}
      names={NAMES}
      now={Date.parse('2026-11-26T12:00:00Z')}
      onOpen={() => undefined}
      onAdd={() => undefined}
      onDrop={() => undefined}
    />
  );
  const { container } = render(withShell(ui));
  const mounted = container.querySelectorAll('[data-card-id]');
  // The count below means something only when more cards than "a handful" are on the page.
  expect(mounted.length).toBeGreaterThanOrEqual(12);
  const first = mounted[0]!;

  act(() => pointer('pointerDown', first, 100, 100));
  // Past the 6 px that pick a card up: the drag starts (the overlay mounts its copy of the card).
  act(() => pointer('pointerMove', document, 100, 120));
  const moves = 30;
  renders.count = 0;
  for (let step = 1; step <= moves; step += 1) {
    act(() => pointer('pointerMove', document, 100 + step * 10, 120 + step * 5));
  }
  const perMove = renders.count / moves;
  act(() => pointer('pointerUp', document, 400, 270));
  // At most the overlay's card and the dragged one per move; every mounted card would be ≥ 12.
  expect(perMove).toBeLessThanOrEqual(2);
});
