/**
 * Sends the browser to the payment gateway (spec 2 §7): a hidden form, method POST, with the signed
 * fields the server answered, submitted in this window.
 */
export function submitPaymentForm(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
