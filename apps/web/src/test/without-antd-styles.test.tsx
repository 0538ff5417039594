import { render } from '@testing-library/react';
import { Button, Modal } from 'antd';
import { expect, it } from 'vitest';

// The setup file calls keepAntdStylesOutOfTheDocument(); this checks it still catches what antd writes (a new antd
// that marked its style elements differently would quietly bring back the slow stylesheet matching).
it('renders antd components without attaching their style elements, and unmounts cleanly', () => {
  const view = render(
    <>
      <Button type="primary">保存</Button>
      <Modal open title="确认">
        内容
      </Modal>
    </>,
  );
  expect(document.querySelectorAll('style')).toHaveLength(0);
  expect(document.styleSheets).toHaveLength(0);
  expect(() => view.unmount()).not.toThrow();
});

it('leaves style elements that are not antd’s alone', () => {
  const own = document.createElement('style');
  own.textContent = '.x { color: red }';
  document.head.appendChild(own);
  expect(document.styleSheets).toHaveLength(1);
  document.head.removeChild(own);
  expect(document.styleSheets).toHaveLength(0);
});
