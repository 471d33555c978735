import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button, type ButtonProps } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { copyText } from '@/lib/clipboard';

/** Copies `value` and confirms with a toast (`copiedMessage`, e.g. 'JSON copiato!' or 'Codice copiato'). */
export function CopyButton({
  value,
  label,
  copiedMessage,
  variant = 'outline',
  ...props
}: Omit<ButtonProps, 'onClick' | 'children' | 'value'> & {
  value: string;
  label: string;
  copiedMessage: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant={variant}
      onClick={() =>
        copyText(value).then(
          () => {
            setCopied(true);
            toast.success(copiedMessage);
          },
          () => toast.error(it.clipboard.failed),
        )
      }
      {...props}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {label}
    </Button>
  );
}
