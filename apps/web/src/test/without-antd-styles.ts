/**
 * Keeps the style elements antd's CSS-in-JS writes out of the jsdom document.
 *
 * jsdom matches every rule of every stylesheet against an element on each `getComputedStyle`, which Testing Library
 * calls for every element it passes in a role query (is it hidden?) and user-event for every pointer action
 * (`pointer-events`). With antd's rules in the document that was over a third of the web tests' time (the web project
 * ran 327 s; without them 226 s). What tests lose: visibility that only a class gives (a closed popup's
 * `-hidden` class); tests assert on roles, text, aria state and inline `display`, which antd sets on what it hides.
 *
 * The elements are still created and filled (antd keeps references to them); they are only never attached, and
 * removing one that was never attached is a no-op.
 */
export function keepAntdStylesOutOfTheDocument() {
  const isAntdStyle = (node: unknown): node is HTMLStyleElement =>
    // rc-util's `updateCSS`, which antd's CSS-in-JS writes through, marks every element it makes with this attribute.
    node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order');
  const head = HTMLHeadElement.prototype;
  const appendChild = head.appendChild;
  const insertBefore = head.insertBefore;
  const removeChild = head.removeChild;
  head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return isAntdStyle(node) ? node : appendChild.call<HTMLHeadElement, [T], T>(this, node);
  };
  head.insertBefore = function <T extends Node>(this: HTMLHeadElement, node: T, child: Node | null): T {
    return isAntdStyle(node)
      ? node
      : insertBefore.call<HTMLHeadElement, [T, Node | null], T>(this, node, child);
  };
  head.removeChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return isAntdStyle(node) && node.parentNode !== this
      ? node
      : removeChild.call<HTMLHeadElement, [T], T>(this, node);
  };
}
