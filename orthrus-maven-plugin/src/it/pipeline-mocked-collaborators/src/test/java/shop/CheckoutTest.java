package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;

class CheckoutTest {

  @Test
  void aMockedClassAnswersAsStubbedOncePerCall() {
    Pricing pricing = mock(Pricing.class);
    when(pricing.fee(anyLong())).thenReturn(7L);
    when(pricing.round(anyLong())).thenAnswer(call -> call.getArgument(0));
    Checkout checkout = new Checkout(pricing, amount -> new long[] {0});
    Account a = new Account();
    for (int i = 1; i <= 50; i++) {
      assertEquals(-107L * i, checkout.pay(a, 100));
    }
    verify(pricing, times(50)).fee(100);
    verify(pricing, times(50)).round(107);
    verifyNoMoreInteractions(pricing);
  }

  @Test
  void aMockedInterfaceAnswersAsStubbed() {
    Rates rates = mock(Rates.class);
    when(rates.tiers(anyLong())).thenReturn(new long[] {5});
    Checkout checkout = new Checkout(new Pricing(), rates);
    Account a = new Account();
    for (int i = 1; i <= 50; i++) {
      assertEquals(-105L * i, checkout.payTiered(a, 100));
    }
    verify(rates, times(50)).tiers(100);
    verifyNoMoreInteractions(rates);
  }

  @Test
  void aSpiedClosureObjectAnswersItsOwnCallsAsStubbed() {
    Register register = spy(new Register());
    Account a = new Account();
    for (int i = 1; i <= 20; i++) {
      doReturn((long) i).when(register).rate();
      assertEquals(-100L * i * (i + 1) / 2, register.charge(a, 100));
    }
    verify(register, times(20)).rate();
  }

  @Test
  void aSpyAnswersItsStubsAndRunsTheRest() {
    Pricing pricing = spy(new Pricing());
    doReturn(9L).when(pricing).fee(anyLong());
    Checkout checkout = new Checkout(pricing, amount -> new long[] {amount / 10});
    Account a = new Account();
    assertEquals(-105, checkout.pay(a, 100)); // round(109) by the real method
    assertEquals(-215, checkout.payTiered(a, 100));
  }
}
