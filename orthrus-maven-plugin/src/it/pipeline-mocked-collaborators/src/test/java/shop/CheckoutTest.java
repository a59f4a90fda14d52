package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import org.mockito.MockedConstruction;
import org.mockito.MockedStatic;

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

  // mockStatic and mockConstruction stub only the thread that opens them: a validator would run
  // the real method or constructor. While one is open, the executions are not validated; once it
  // is closed, they are again.
  @Test
  void aStaticStubOfTheTestsThreadLeavesItsExecutionsNotValidated() {
    Checkout checkout = new Checkout(new Pricing(), amount -> new long[] {0});
    Account a = new Account();
    try (MockedStatic<Fees> fees = mockStatic(Fees.class)) {
      fees.when(() -> Fees.of(100)).thenReturn(3L);
      for (int i = 1; i <= 60; i++) {
        assertEquals(-103L * i, checkout.payWithFees(a, 100));
      }
      fees.verify(() -> Fees.of(100), times(60));
    }
    for (int i = 1; i <= 30; i++) {
      assertEquals(-6180 - 102L * i, checkout.payWithFees(a, 100));
    }
  }

  @Test
  void aConstructionStubOfTheTestsThreadLeavesItsExecutionsNotValidated() {
    Checkout checkout = new Checkout(new Pricing(), amount -> new long[] {0});
    Account a = new Account();
    try (MockedConstruction<Gateway> gateways =
        mockConstruction(Gateway.class, (g, context) -> when(g.charge(anyLong())).thenReturn(7L))) {
      for (int i = 1; i <= 55; i++) {
        assertEquals(-7L * i, checkout.payThroughGateway(a, 100));
      }
      assertEquals(55, gateways.constructed().size());
    }
    assertEquals(-385 - 101, checkout.payThroughGateway(a, 100));
  }
}
