/** A tel: link a phone can dial: only digits and a leading plus survive from "+1 (555) 010-2000". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
