void f(void)
{
	int x = ;
	undefined_fn(x);
}
