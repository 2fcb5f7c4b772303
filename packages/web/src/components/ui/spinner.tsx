import { LoaderCircle } from 'lucide-react';

export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={`animate-spin text-blue-600 ${className}`} />;
}
