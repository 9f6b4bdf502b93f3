import type { SubmitterProps } from '@ant-design/pro-components';

/** ProForm's footer with one full-width submit button labelled for the form (no reset button). */
export function submitOnly(label: string, loading: boolean, block = true): SubmitterProps {
  return {
    searchConfig: { submitText: label },
    resetButtonProps: false,
    submitButtonProps: { block, size: block ? 'large' : 'middle', loading },
  };
}
