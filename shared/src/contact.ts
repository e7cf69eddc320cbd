/** How clients reach the office: the site's footer and help page, and the policies' messages. */
export const CONTACT = {
  phone: '(612) 555-0123',
  phoneHref: 'tel:+16125550123',
  smsHref: 'sms:+16125550123',
  email: 'hello@twinclean.test',
};
