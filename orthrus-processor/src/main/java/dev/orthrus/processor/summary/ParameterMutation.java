package dev.orthrus.processor.summary;

/**
 * A call that changes a mutable JDK object a method received as a parameter ({@code out.put(k,
 * v)}).
 *
 * @param parameter the parameter's name
 * @param what the method called ({@code java.util.Map#put})
 * @param site where it is called
 */
public record ParameterMutation(String parameter, String what, Site site) {}
