// Button looks shared by screens; plain class strings so that links and buttons can share them.

const base =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50';

const variants = {
  primary: 'bg-blue-600 text-white shadow-sm hover:bg-blue-700',
  secondary: 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
} as const;

const sizes = { sm: 'px-2.5 py-1.5', md: 'px-3.5 py-2', icon: 'h-8 w-8' } as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = 'secondary', size: keyof typeof sizes = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
