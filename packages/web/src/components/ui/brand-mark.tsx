import { RadioTower } from 'lucide-react';

/** The product's square logo mark. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-12 w-12 rounded-xl' : 'h-9 w-9 rounded-lg';
  const icon = size === 'lg' ? 'h-6 w-6' : 'h-5 w-5';
  return (
    <span className={`flex shrink-0 items-center justify-center bg-blue-600 text-white shadow-sm ${box}`}>
      <RadioTower aria-hidden="true" className={icon} />
    </span>
  );
}
