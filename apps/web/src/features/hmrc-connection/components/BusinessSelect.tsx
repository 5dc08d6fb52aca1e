import { Select, type SelectProps } from '@mantine/core';

/** Mantine's Select of businesses, in a module of its own so that BusinessSwitcher can load it after the first paint. */
export default function BusinessSelect(props: SelectProps<string>) {
  return <Select<string> {...props} />;
}
