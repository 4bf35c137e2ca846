import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';

/**
 * react-hook-form for a form whose errors an ErrorSummary lists: on submit the summary takes the focus (not the
 * first invalid field), and the errors are checked again on submit only, so the summary never changes (nor takes
 * the focus) while the user types.
 */
export function useSummaryForm<TFieldValues extends FieldValues = FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  props: UseFormProps<TFieldValues, TContext, TTransformedValues>,
) {
  return useForm<TFieldValues, TContext, TTransformedValues>({ ...props, shouldFocusError: false, reValidateMode: 'onSubmit' });
}
